import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sleep } from './ports.js';

/** The response header HAProxy adds naming the replica (server) that answered. */
export const REPLICA_HEADER = 'x-portico-replica';
/** A request header HAProxy's log repeats, to find a request that got no answer. */
export const REQUEST_HEADER = 'x-request-id';

export interface Backend {
  name: string;
  port: number;
}

/**
 * HAProxy as an operator would put it in front of the API (docs/replicas.md):
 * - round robin, no stickiness: consecutive requests go to different replicas;
 * - health checks on the API's health call every 250 ms, a replica out after 2 failures;
 * - a request whose connection to a replica fails is sent to another one (retries, redispatch);
 *   a request already sent is replayed only when it is a GET or HEAD (an exchange code or a
 *   sign-in is not sent twice), so a POST in flight on a dying replica fails with 502;
 * - the client's address in X-Forwarded-For (the replicas trust loopback);
 * - every answer, HAProxy's own errors included, names the replica in x-portico-replica; its
 *   log (one line a request, on its standard output) names it for those cut without an answer.
 */
export function haproxyConfig(options: {
  port: number;
  backends: Backend[];
  statsSocket: string;
  healthPath: string;
}): string {
  return `global
    log stdout format raw local0
    stats socket ${options.statsSocket} mode 600 level admin
    maxconn 512

defaults
    mode http
    log global
    log-format "request=%[capture.req.hdr(0)] server=%s status=%ST termination=%tsc"
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    option forwardfor
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response response-timeout
    option httpchk GET ${options.healthPath}
    http-check expect status 200
    # A check every 250 ms, but an answer may take up to 2 s: on a slow run of the 2-core
    # machine a replica that was busy (another one starting beside it) answered its health
    # check in 251 ms and was taken out during the first test. A killed replica still fails at
    # once (its connection is refused).
    timeout check 2s
    default-server inter 250ms fastinter 250ms downinter 500ms fall 2 rise 2

frontend portico
    bind 127.0.0.1:${options.port}
    capture request header ${REQUEST_HEADER} len 64
    default_backend api

backend api
    balance roundrobin
    # A new connection to a replica for each request: a request never goes out on an idle
    # connection to a replica that has died meanwhile (its connect fails and is redispatched).
    option http-server-close
    http-request disable-l7-retry unless METH_GET || METH_HEAD
    http-after-response set-header ${REPLICA_HEADER} %[srv_name]
${options.backends.map((b) => `    server ${b.name} 127.0.0.1:${b.port} check`).join('\n')}
`;
}

export interface Haproxy {
  url: string;
  /** The replica HAProxy's log names for the request sent with this x-request-id. */
  serverOf(requestId: string): string | undefined;
  /** The `show stat` lines of the api backend's servers: name → status (UP, DOWN...). */
  serverStatus(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** haproxy -v, or an error saying how to install it. */
export function haproxyVersion(): string {
  const run = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) {
    throw new Error(
      'HAProxy is missing: apt-get install -y haproxy (scripts/ensure-haproxy.mjs does it)',
    );
  }
  return run.stdout.split('\n')[0] ?? '';
}

export async function startHaproxy(options: {
  dir: string;
  port: number;
  backends: Backend[];
  healthPath: string;
}): Promise<Haproxy> {
  const statsSocket = path.join(options.dir, 'haproxy.sock');
  const configFile = path.join(options.dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ ...options, statsSocket }));
  const check = spawnSync('haproxy', ['-c', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy.cfg refused:\n${check.stdout}${check.stderr}`);

  // -db: stay in the foreground, so the test owns the process and its exit.
  const logFile = path.join(options.dir, 'haproxy.log');
  const log = openSync(logFile, 'a');
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', configFile], {
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  const stats = () => statsOf(statsSocket);
  const url = `http://127.0.0.1:${options.port}`;

  // Ready when it listens and every replica passed its health checks.
  for (let tries = 0; ; tries += 1) {
    const status = await stats().catch(() => ({}) as Record<string, string>);
    const names = options.backends.map((b) => b.name);
    if (names.every((name) => status[name] === 'UP')) break;
    if (child.exitCode !== null || tries > 200) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not see every replica up: ${JSON.stringify(status)}`);
    }
    await sleep(100);
  }

  return {
    url,
    serverOf(requestId) {
      const line = readFileSync(logFile, 'utf8')
        .split('\n')
        .find((entry) => entry.startsWith(`request=${requestId} `));
      return line ? /server=(\S+)/.exec(line)?.[1] : undefined;
    },
    serverStatus: stats,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `show stat` on the stats socket: the api backend's servers and their status. */
async function statsOf(socketPath: string): Promise<Record<string, string>> {
  const csv = await new Promise<string>((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let out = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write('show stat\n'));
    socket.on('data', (chunk) => (out += chunk));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
  const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
  const columns = (header ?? '').split(',');
  const at = (name: string) => columns.indexOf(name);
  const status: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(',');
    const server = cells[at('svname')];
    if (cells[at('pxname')] !== 'api' || !server || server === 'BACKEND') continue;
    status[server] = (cells[at('status')] ?? '').split(' ')[0] ?? '';
  }
  return status;
}
