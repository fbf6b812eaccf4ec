import { MAIL_PEER_URL } from './stack.js';

/** One message the mail peer (e2e/stack/mail-peer.mjs) received. */
export interface Mail {
  /** Increasing per run: later messages have larger ids. */
  id: number;
  to: string[];
  subject: string;
  text: string;
  date: string;
}

export interface WaitOptions {
  /** Only messages after this many to the address (see `count`): "a new one". Default 0. */
  after?: number;
  /** Only messages whose subject contains this text or matches this pattern. */
  subject?: string | RegExp;
  timeoutMs?: number;
}

const POLL_MS = 100;
const DEFAULT_TIMEOUT_MS = 10_000;

/** Reads what the API sent through SMTP, by recipient. */
export class MailBox {
  constructor(private readonly baseUrl = MAIL_PEER_URL) {}

  /** Every message to the address, oldest first. */
  async messagesTo(address: string): Promise<Mail[]> {
    const url = `${this.baseUrl}/messages?to=${encodeURIComponent(address)}`;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`mail peer answered HTTP ${response.status} for ${url}`);
    return (await response.json()) as Mail[];
  }

  /** How many messages the address has: pass it as `after` to wait for the next one. */
  async count(address: string): Promise<number> {
    return (await this.messagesTo(address)).length;
  }

  /** The first message to the address past `after` (matching `subject`), polling until it comes. */
  async waitForMail(address: string, options: WaitOptions = {}): Promise<Mail> {
    const { after = 0, subject, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.messagesTo(address))
        .slice(after)
        .find((mail) => subjectMatches(mail.subject, subject));
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `no mail to ${address}${subject ? ` with subject ${String(subject)}` : ''} ` +
            `after message ${after} within ${timeoutMs} ms`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Waits for the next mail and answers the 6-digit code in it (device verification). */
  async waitForCode(address: string, options: WaitOptions = {}): Promise<string> {
    return codeIn((await this.waitForMail(address, options)).text);
  }
}

function subjectMatches(actual: string, wanted: string | RegExp | undefined): boolean {
  if (wanted === undefined) return true;
  return typeof wanted === 'string' ? actual.includes(wanted) : wanted.test(actual);
}

/** Every absolute link in a text, optionally only those whose path is `path` (`/invite`). */
export function linksIn(text: string, path?: string): URL[] {
  const links = [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((match) => new URL(match[0]));
  return path === undefined ? links : links.filter((link) => link.pathname === path);
}

/** The one link to `path` in a text (`/invite`, `/reset`); throws when there is none. */
export function linkIn(text: string, path: string): URL {
  const [link] = linksIn(text, path);
  if (!link) throw new Error(`no ${path} link in the mail:\n${text}`);
  return link;
}

/** The 6-digit code in a text; throws when there is none. */
export function codeIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail:\n${text}`);
  return code;
}
