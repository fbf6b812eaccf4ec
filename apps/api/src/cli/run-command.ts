/**
 * Runs an operator command (break glass, demo data, key rotation) and exits with its code:
 * explicitly, because the embedded database keeps a timer for a few seconds after it closes. A
 * failure prints one line, `<name> failed: <message>`, never a stack.
 */
export function runCommand(name: string, main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`${name} failed: ${message}\n`);
      process.exit(1);
    },
  );
}
