import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

export interface MailPeer {
  /** smtp://127.0.0.1:<port>, every replica's SMTP_URL. */
  url: string;
  messages: Mail[];
  /** The next message to `to` not handed out yet (waits for it). */
  nextMailTo(to: string, timeoutMs?: number): Promise<Mail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on a free loopback port, as apps/api/test/mail-peer.ts: the
 * replicas' mail workers deliver to it exactly as in production, whichever replica claims a job.
 */
export async function startMailPeer(): Promise<MailPeer> {
  const messages: Mail[] = [];
  const handedOut = new Set<Mail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function nextMailTo(to: string, timeoutMs = 20_000): Promise<Mail> {
    const address = to.toLowerCase();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = messages.find((m) => m.to.includes(address) && !handedOut.has(m));
      if (mail) {
        handedOut.add(mail);
        return mail;
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextMailTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
