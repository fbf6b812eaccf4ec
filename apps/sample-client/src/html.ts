const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value that reaches a page goes through this: names and e-mails are user input. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/**
 * A tagged template that escapes every interpolated value, unless it is markup made by `html`
 * itself (so pages can be composed without escaping twice).
 */
export class Markup {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let text = strings[0] ?? '';
  values.forEach((value, index) => {
    text += render(value) + (strings[index + 1] ?? '');
  });
  return new Markup(text);
}

function render(value: unknown): string {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

/** The whole document around a page's body. */
export function layout(title: string, body: Markup): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Sample client</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            max-width: 40rem;
            margin: 3rem auto;
            padding: 0 1rem;
            color: #212529;
          }
          dl {
            display: grid;
            grid-template-columns: max-content 1fr;
            gap: 0.4rem 1.5rem;
          }
          dt {
            font-weight: 600;
          }
          dd {
            margin: 0;
          }
          a.button {
            display: inline-block;
            padding: 0.6rem 1.2rem;
            background: #0d6efd;
            color: #fff;
            border-radius: 0.4rem;
            text-decoration: none;
          }
          code {
            background: #f1f3f5;
            padding: 0.1rem 0.3rem;
            border-radius: 0.2rem;
          }
        </style>
      </head>
      <body>
        ${body}
      </body>
    </html> `.text;
}
