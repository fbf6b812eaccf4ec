// A lean HTTP/1.1 load for the sign-ins (issue 16): keep-alive connections on raw sockets, each
// sending the next of a list of requests built once as bytes when the last answer is whole.
// The sign-ins share the two cores with argon2, so whatever the generator spends is taken from
// the hashing they are judged against: autocannon spent 0.5 to 0.8 ms of CPU a sign-in here
// (its parser, histograms and a timer per request), this 0.3 to 0.44 ms (docs/benchmarks.md).
// It reads what the server sends (Content-Length bodies), which is all the API answers; anything
// else counts as an error and closes the connection.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

/** `method path` with `headers` and `body`, as the bytes of one request. */
export function requestBytes({ method, path, host, headers = {}, body }) {
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  if (body !== undefined) lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/**
 * `connections` connections to `port` on 127.0.0.1 for `seconds`, each cycling through
 * `requests` (Buffers from requestBytes), connection i starting at the i-th share of the list.
 * Answers: how many, how many not 2xx, errors, the seconds it ran, and every response time in
 * ms, sorted.
 */
export function keepAliveLoad({ port, connections, seconds, requests }) {
  const times = [];
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const connection = (index) =>
    new Promise((resolve) => {
      let next = Math.floor((index * requests.length) / connections);
      let pending = null;
      let sentAt = 0;
      const socket = net.connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      const send = () => {
        if (performance.now() >= deadline) {
          socket.end();
          return;
        }
        sentAt = performance.now();
        socket.write(requests[next]);
        next = (next + 1) % requests.length;
      };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        const data = pending ? Buffer.concat([pending, chunk]) : chunk;
        const headerEnd = data.indexOf(HEADER_END);
        if (headerEnd < 0) {
          pending = data;
          return;
        }
        const head = data.toString('latin1', 0, headerEnd);
        const length = CONTENT_LENGTH.exec(head);
        if (!length) {
          errors += 1;
          socket.destroy();
          return;
        }
        const whole = headerEnd + HEADER_END.length + Number(length[1]);
        if (data.length < whole) {
          pending = data;
          return;
        }
        // One request at a time per connection: nothing follows an answer.
        pending = null;
        times.push(performance.now() - sentAt);
        answered += 1;
        if (head[9] !== '2') non2xx += 1;
        send();
      });
      socket.on('error', () => {
        errors += 1;
        socket.destroy();
      });
      socket.on('close', resolve);
    });

  return Promise.all(Array.from({ length: connections }, (_, i) => connection(i))).then(() => ({
    answered,
    non2xx,
    errors,
    seconds: (performance.now() - started) / 1000,
    times: times.sort((a, b) => a - b),
  }));
}
