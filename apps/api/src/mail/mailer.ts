import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { ApiError } from '../http/api-error.js';

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
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
    return smtpMailer(transport, config.MAIL_FROM, log);
  }
  return outboxMailer(path.join(config.DATA_DIR, 'outbox'), config.MAIL_FROM, log);
}

function smtpMailer(transport: Transporter, from: string, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
      } catch (error) {
        log.error({ err: error, subject: mail.subject }, 'mail could not be sent');
        throw new ApiError('mail_failed');
      }
    },
    close() {
      transport.close();
    },
  };
}

function outboxMailer(folder: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({ from, ...mail });
        mkdirSync(folder, { recursive: true });
        const file = path.join(
          folder,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
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
