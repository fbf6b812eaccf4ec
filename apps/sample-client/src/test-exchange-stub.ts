import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ExchangeRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface ExchangeStub {
  url: string;
  requests: ExchangeRequest[];
  /** What the next exchanges answer: HTTP status and the JSON envelope. */
  answer(status: number, envelope: unknown): void;
  close(): Promise<void>;
}

/**
 * Stands in for Portico's exchange endpoint, which is outside the sample client: records what
 * the sample client sent and answers what the test chose.
 */
export async function startExchangeStub(): Promise<ExchangeStub> {
  const requests: ExchangeRequest[] = [];
  let reply: { status: number; envelope: unknown } = { status: 500, envelope: {} };
  const server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      requests.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(text) });
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.envelope));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(status, envelope) {
      reply = { status, envelope };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
