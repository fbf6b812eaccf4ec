import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { ApiError } from '../http/api-error.js';
import { oneLine } from './one-line.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends one message or throws ApiError('mail_failed'); callers send inside their transaction. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Bounded waits, so a dead mail server fails the call well before its transaction times out. */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/**
 * nodemailer through SMTP_URL; without it (the embedded default) each message is written to
 * DATA_DIR/outbox as an .eml file and the file is logged (never its content: links and codes
 * in it are secrets).
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    const options = { url: config.SMTP_URL, ...SMTP_TIMEOUTS };
    return smtpMailer(lazyTransport(options), config.MAIL_FROM, log);
  }
  return outboxMailer(path.join(config.DATA_DIR, 'outbox'), config.MAIL_FROM, log);
}

/** A transport made at its first message, and whether it was made yet (to close it). */
interface LazyTransport {
  get(): Promise<Transporter>;
  made(): Transporter | undefined;
}

/**
 * nodemailer (some 40 modules) loads with the first message, not at start: a server that sends
 * none yet need not pay for it before it listens (docs/benchmarks.md, "Cold start").
 */
function lazyTransport(options: SMTPTransport.Options | StreamTransport.Options): LazyTransport {
  let made: Transporter | undefined;
  let making: Promise<Transporter> | undefined;
  return {
    get() {
      making ??= import('nodemailer').then(({ default: nodemailer }) => {
        made = nodemailer.createTransport(options);
        return made;
      });
      return making;
    },
    made: () => made,
  };
}

function smtpMailer(transport: LazyTransport, from: string, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      try {
        // Whatever names a caller quoted, a subject stays one line (one-line.ts).
        await (await transport.get()).sendMail({ from, ...mail, subject: oneLine(mail.subject) });
      } catch (error) {
        log.error({ err: error, subject: mail.subject }, 'mail could not be sent');
        throw new ApiError('mail_failed');
      }
    },
    close() {
      transport.made()?.close();
    },
  };
}

function outboxMailer(folder: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = lazyTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      try {
        const transporter = await transport.get();
        const info = await transporter.sendMail({ from, ...mail, subject: oneLine(mail.subject) });
        mkdirSync(folder, { recursive: true });
        const file = path.join(
          folder,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(info.messageId).replace(/[^\w.-]/g, '')}.eml`,
        );
        writeFileSync(file, info.message as Buffer);
        log.info({ file, subject: mail.subject }, 'mail written to the outbox');
      } catch (error) {
        log.error({ err: error, subject: mail.subject }, 'mail could not be written');
        throw new ApiError('mail_failed');
      }
    },
    close() {},
  };
}
