import { isIPv4, isIPv6 } from 'node:net';

const DOTTED = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * Spellings already worked out: a sign-in asks for its peer's several times (rate limit, ban,
 * whitelist, attempt row) and every request of a client comes from the same few addresses,
 * where each spelling costs a few regular expressions.
 */
const spelled = new Map<string, string>();
const SPELLED_MAX = 10_000;
/** Longer than any address (an IPv6 with a zone): spelled every time, never kept. */
const SPELLED_LENGTH_MAX = 64;

/**
 * One spelling per address, so a ban, a whitelist entry and a request's peer compare equal:
 * IPv4 as dotted decimal (also when it arrives IPv4-mapped, `::ffff:10.0.0.1`, or is written so
 * in hexadecimal groups, `0:0:0:0:0:ffff:a00:1`), IPv6 as its
 * eight groups in lowercase without leading zeros (`2001:db8:0:0:0:0:0:1`). Anything that is not
 * an address is returned trimmed and lowercased, unchanged otherwise. A port (and the brackets
 * around an IPv6 address written with one) is dropped.
 */
export function canonicalIp(raw: string): string {
  if (raw.length > SPELLED_LENGTH_MAX) return spell(raw);
  let canonical = spelled.get(raw);
  if (canonical === undefined) {
    canonical = spell(raw);
    // Bounded: a flood of addresses empties it now and then instead of growing it.
    if (spelled.size >= SPELLED_MAX) spelled.clear();
    spelled.set(raw, canonical);
  }
  return canonical;
}

/**
 * An address some proxies write into X-Forwarded-For with the client's port (`1.2.3.4:5678`,
 * `[2001:db8::7]:51234`) or in brackets: the address alone. Each connection has a port of its
 * own, so kept, it made every request another address, which no limit counted together, and
 * its ban could not be lifted (the brackets are no address the ban list takes).
 */
const WITH_PORT = /^(?:\[([0-9a-f:.]+(?:%[^\]]*)?)\]|(\d{1,3}(?:\.\d{1,3}){3}))(?::\d{1,5})?$/;

function spell(raw: string): string {
  const written = raw.trim().toLowerCase();
  const unwrapped = WITH_PORT.exec(written);
  const ip = unwrapped ? (unwrapped[1] ?? unwrapped[2] ?? written) : written;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  // Dotted groups may carry leading zeros (the whitelist rule allows 1 to 3 digits).
  if (DOTTED.test(ip)) {
    const groups = ip.split('.').map(Number);
    if (groups.every((group) => group <= 255)) return groups.join('.');
  }
  if (!isIPv6(ip)) return ip;
  const groups = expandIpv6(ip).map((group) => parseInt(group, 16));
  // IPv4-mapped in any spelling (0:0:0:0:0:ffff:a00:1 too) is the IPv4 address it maps.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return groups.map((group) => group.toString(16)).join(':');
}

/** The eight hexadecimal groups of an IPv6 address (a trailing dotted IPv4 part included). */
function expandIpv6(ip: string): string[] {
  let text = ip.replace(/%.*$/, '');
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    text =
      text.slice(0, -v4[1].length) +
      `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  if (tail === undefined) return left;
  const right = tail === '' ? [] : tail.split(':');
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}

/**
 * The group the rate limiter counts an address in: an IPv4 address alone, an IPv6 address with
 * the rest of its /64 (@fastify/rate-limit's default `ipv6Subnet`), since one host is handed a
 * whole /64 and can send each request from another address of it.
 */
export function limitGroupOf(rawIp: string): string {
  const ip = canonicalIp(rawIp);
  if (!isIPv6(ip)) return ip;
  return `${ip.split(':').slice(0, 4).join(':')}::/64`;
}
