import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface MailPeer {
  /** smtp://127.0.0.1:<port>, for the SMTP_URL setting. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the next (or an already received, unclaimed) message to `to`. */
  nextMailTo(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Makes the peer refuse every message (a mail server that is down or broken). */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on a free port: the API sends through nodemailer exactly as
 * in production, and tests read codes and links from what was delivered.
 */
export async function startMailPeer(): Promise<MailPeer> {
  const messages: ReceivedMail[] = [];
  const claimed = new Set<ReceivedMail>();
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  let refusing = false;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (refusing) {
        stream.resume();
        stream.on('end', () => callback(new Error('451 mail refused by the test peer')));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          };
          messages.push(mail);
          const waiter = waiters.find((w) => mail.to.includes(w.to));
          if (waiter) {
            waiters.splice(waiters.indexOf(waiter), 1);
            claimed.add(mail);
            waiter.resolve(mail);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextMailTo(to, timeoutMs = 5_000) {
      const address = to.toLowerCase();
      const waiting = messages.find((m) => !claimed.has(m) && m.to.includes(address));
      if (waiting) {
        claimed.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${address} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to: address,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    refuse(on) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
