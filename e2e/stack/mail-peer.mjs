#!/usr/bin/env node
// The end-to-end runs' mail server: a real SMTP peer (smtp-server) the API delivers to through
// SMTP_URL, exactly as in production, and a small HTTP side from which the tests read what was
// delivered. Plain Node (Playwright starts it as a webServer), messages kept in memory.
//
//   SMTP  127.0.0.1:$PORTICO_E2E_SMTP_PORT (default 2525), no authentication, no TLS
//   HTTP  127.0.0.1:$PORTICO_E2E_MAIL_PORT (default 2526)
//         GET /health              {"status":"ok"}
//         GET /messages?to=<addr>  [{id, to, subject, text, date}], oldest first (all without ?to)
import http from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const SMTP_PORT = Number(process.env.PORTICO_E2E_SMTP_PORT ?? 2525);
const HTTP_PORT = Number(process.env.PORTICO_E2E_MAIL_PORT ?? 2526);
const HOST = '127.0.0.1';

/** @type {{ id: number, to: string[], subject: string, text: string, date: string }[]} */
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        messages.push({
          id: messages.length + 1,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          date: new Date().toISOString(),
        });
        callback();
      })
      .catch((error) => callback(error));
  },
});

const web = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${HOST}`);
  const reply = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    response.end(JSON.stringify(body));
  };
  if (request.method !== 'GET') return reply(405, { error: 'GET only' });
  if (url.pathname === '/health') return reply(200, { status: 'ok', messages: messages.length });
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.trim().toLowerCase();
    return reply(200, to ? messages.filter((mail) => mail.to.includes(to)) : messages);
  }
  return reply(404, { error: 'not found' });
});

smtp.on('error', (error) => console.error('[mail-peer] SMTP error:', error.message));

await new Promise((resolve) => smtp.listen(SMTP_PORT, HOST, resolve));
await new Promise((resolve) => web.listen(HTTP_PORT, HOST, resolve));
console.log(`[mail-peer] SMTP on ${HOST}:${SMTP_PORT}, messages on http://${HOST}:${HTTP_PORT}`);

function stop() {
  web.close();
  smtp.close(() => process.exit(0));
  // Open SMTP connections would keep close() waiting; nothing here needs a clean goodbye.
  setTimeout(() => process.exit(0), 1_000).unref();
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
