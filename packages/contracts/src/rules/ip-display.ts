/**
 * How an IP address is shown (RFC 5952, "A Recommendation for IPv6 Address Text
 * Representation"): the administrator types IPv6 as eight full groups (section 5's whitelist
 * rule) and the API keeps one spelling per address; people read the standard short form. Pure,
 * so it can be tested without a browser.
 */

const GROUP = /^[0-9a-f]{1,4}$/;
const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * RFC 5952's form of an IPv6 address: lower case, leading zeros dropped, the longest run of two
 * or more zero groups as `::` (the first on a tie), and an IPv4-mapped address as
 * `::ffff:a.b.c.d`. IPv4 comes back as dotted decimal without leading zeros; anything that is
 * not an address comes back as it was.
 */
export function ipForDisplay(raw: string): string {
  const ip = raw.trim();
  const v4 = dottedQuad(ip);
  if (v4 !== undefined) return v4.join('.');
  const groups = ipv6Groups(ip.toLowerCase());
  if (groups === undefined) return raw;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `::ffff:${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  const run = longestZeroRun(groups);
  const hex = groups.map((group) => group.toString(16));
  if (run === undefined) return hex.join(':');
  return `${hex.slice(0, run.start).join(':')}::${hex.slice(run.start + run.length).join(':')}`;
}

function dottedQuad(text: string): number[] | undefined {
  const match = DOTTED.exec(text);
  if (!match) return undefined;
  const parts = match.slice(1).map(Number);
  return parts.every((part) => part <= 255) ? parts : undefined;
}

/** The eight 16-bit groups of an IPv6 address in any valid spelling, or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  let body = text;
  // A trailing dotted IPv4 part stands for the last two groups.
  const tail = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(body);
  let v4: number[] = [];
  if (tail?.[1]) {
    const quad = dottedQuad(tail[1]);
    if (quad === undefined) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = quad;
    v4 = [(a << 8) | b, (c << 8) | d];
    body = body.slice(0, -tail[1].length);
    // Keep a `::` just before the IPv4 part; drop a single separating colon.
    if (!body.endsWith('::')) body = body.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string | undefined) =>
    part === undefined || part === '' ? [] : part.split(':');
  const left = parse(halves[0]);
  const right = parse(halves[1]);
  if (![...left, ...right].every((group) => GROUP.test(group))) return undefined;
  const known = left.length + right.length + v4.length;
  const values = (list: string[]) => list.map((group) => parseInt(group, 16));
  if (halves.length === 1) {
    return known === 8 ? [...values(left), ...v4] : undefined;
  }
  if (known > 7) return undefined;
  return [...values(left), ...Array<number>(8 - known).fill(0), ...values(right), ...v4];
}

/** The first longest run of at least two zero groups. */
function longestZeroRun(groups: number[]): { start: number; length: number } | undefined {
  let best: { start: number; length: number } | undefined;
  let start = -1;
  for (let index = 0; index <= groups.length; index += 1) {
    if (index < groups.length && groups[index] === 0) {
      if (start < 0) start = index;
      continue;
    }
    if (start >= 0) {
      const length = index - start;
      if (length >= 2 && (best === undefined || length > best.length)) best = { start, length };
      start = -1;
    }
  }
  return best;
}
