import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { loadConfig } from '../config.js';
import { ApiError } from '../http/api-error.js';
import type { MailPeer } from '../../test/mail-peer.js';
import { startMailPeer } from '../../test/mail-peer.js';
import { createMailer } from './mailer.js';

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  // Fastify's own logger (pino), writing to memory: what production would log.
  return { log: Fastify({ logger: { level: 'info', stream } }).log, lines };
}

const mail = {
  to: 'someone@example.test',
  subject: 'Your code',
  text: 'The secret code is 482913.',
};

describe('mailer', () => {
  let peer: MailPeer;
  let dataDir: string;
  beforeAll(async () => {
    peer = await startMailPeer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'portico-mail-'));
  });
  afterAll(async () => {
    await peer.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers through SMTP_URL to a real SMTP peer', async () => {
    const { log } = capturingLogger();
    const mailer = createMailer(loadConfig({ SMTP_URL: peer.url, DATA_DIR: dataDir }), log);
    await mailer.send(mail);
    const received = await peer.nextMailTo(mail.to);
    expect(received.subject).toBe('Your code');
    expect(received.text).toContain('482913');
    mailer.close();
  });

  it('keeps a subject taken from user input (a company name) to one header line', async () => {
    const { log } = capturingLogger();
    const mailer = createMailer(loadConfig({ SMTP_URL: peer.url, DATA_DIR: dataDir }), log);
    const hostile = 'Acme\r\nBcc: thief@example.test\r\nX-Injected: yes\n\nforged body';
    const to = 'invitee@example.test';
    await mailer.send({ to, subject: `Portico: ${hostile} invited you`, text: 'The real body.' });
    const received = await peer.nextMailTo(to);
    expect(received.to).toEqual([to]);
    expect(received.text.trim()).toBe('The real body.');
    expect(received.subject).not.toMatch(/[\r\n]/);
    mailer.close();

    const own = path.join(dataDir, 'hostile');
    const outbox = createMailer(loadConfig({ DATA_DIR: own }), log);
    await outbox.send({ to, subject: hostile, text: 'The real body.' });
    const written = readdirSync(path.join(own, 'outbox')).map((file) =>
      readFileSync(path.join(own, 'outbox', file), 'utf8'),
    );
    expect(written.join('')).not.toMatch(/^(Bcc|X-Injected):/im);
  });

  it('answers mail_failed when the SMTP server refuses, and logs no content', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer(loadConfig({ SMTP_URL: peer.url, DATA_DIR: dataDir }), log);
    peer.refuse(true);
    try {
      await expect(mailer.send(mail)).rejects.toEqual(new ApiError('mail_failed'));
    } finally {
      peer.refuse(false);
      mailer.close();
    }
    expect(lines.join('')).not.toContain('482913');
  });

  it('answers mail_failed when no SMTP server listens', async () => {
    const { log } = capturingLogger();
    const mailer = createMailer(
      loadConfig({ SMTP_URL: 'smtp://127.0.0.1:9', DATA_DIR: dataDir }),
      log,
    );
    await expect(mailer.send(mail)).rejects.toMatchObject({ code: 'mail_failed' });
    mailer.close();
  });

  it('writes to the outbox without SMTP_URL and logs the file, not the content', async () => {
    const { log, lines } = capturingLogger();
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), log);
    await mailer.send(mail);
    const outbox = path.join(dataDir, 'outbox');
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const message = readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
    expect(message).toContain('Subject: Your code');
    expect(message).toContain('482913');
    expect(lines.join('')).toContain('mail written to the outbox');
    expect(lines.join('')).not.toContain('482913');
  });
});
