/** The honest stand-in for a screen that later work builds: it says so, and offers nothing. */
export function Placeholder({ name }: { name: string }) {
  return (
    <section className="placeholder-screen">
      <h1 className="h4 mb-2">{name}</h1>
      <p className="text-body-secondary mb-0">{name} — not available yet</p>
    </section>
  );
}
