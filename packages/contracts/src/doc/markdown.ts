/** Markdown pieces for docs/api.md, in the form Prettier leaves them. */

export const code = (text: string) => `\`${text}\``;

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** A table in Prettier's aligned form: every cell padded to its column's width. */
export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows].map((row) => row.map(escapeCell));
  const widths = header.map((_, column) =>
    Math.max(3, ...all.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  const [head, ...body] = all;
  return [line(head ?? []), rule, ...body.map(line)].join('\n');
}
