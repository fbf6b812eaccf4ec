// The OpenID Provider's token endpoint under load (part of `pnpm bench`, called by run.mjs; see
// docs/oidc.md): authorization-code exchanges, refresh-token grants (each rotating its token)
// and client-credentials grants per second, with median and p99, on PostgreSQL, on an API
// process and database of their own. Keycloak's sizing guide quotes 120 client-credential or
// refresh grants per second per vCPU; the target here is twice that per core. Nothing is
// asserted: figures and ratios are printed.
import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
// The server's own sealing (built by `pnpm bench`), so the seeded client secret opens there.
import { seal } from '../dist/oidc/keys.js';
import { hashSecret } from '../dist/credentials/argon2.js';
import {
  BROWSER_USER_AGENT as USER_AGENT,
  freshDatabase,
  ms,
  pct,
  percentile,
  startBenchServer,
  stopServer,
  timedRun,
} from './bench-server.mjs';

const PORT = Number(process.env.BENCH_OIDC_PORT ?? 1297);
const BASE = `http://127.0.0.1:${PORT}`;
const ISSUER = `http://localhost:${PORT}/oidc`;
const DATABASE = 'portico_bench_oidc';
const KEY_SECRET = randomBytes(32).toString('base64url');
const CLIENT_ID = 'bench-oidc';
const CLIENT_SECRET = randomBytes(32).toString('base64url');
const REDIRECT = 'https://rp.bench.test/cb';
const COMPANY = 'benchoidc';
const APP = 'benchapp';
const PASSWORD = 'Bench-Password-1';
const FINGERPRINT = 'bench-oidc-device';
/** Codes made before the exchange load (each a whole SSO authorization), within their 60 s. */
const CODES = 1000;
/** Browsers making codes at once, each with a Portico sign-in of its own. */
const BROWSERS = 8;
const CONNECTIONS = 50;
const DURATION_S = 10;
const WARM_UP_S = 2;
/** Keycloak's sizing guide: client-credential or refresh grants per second per vCPU. */
const KEYCLOAK_PER_VCPU = 120;

const VERIFIER = randomBytes(32).toString('base64url');
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
const sha256 = (text) => createHash('sha256').update(text).digest('hex');

async function seed(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('BEGIN');
  await db.query(`INSERT INTO companies (id, name) VALUES ($1, 'Bench OIDC')`, [COMPANY]);
  await db.query(`INSERT INTO applications (id, name, status) VALUES ($1, 'Bench App', 3)`, [APP]);
  await db.query(`INSERT INTO roles (app_id, id, name) VALUES ($1, 'viewer', 'Viewer')`, [APP]);
  await db.query(
    `INSERT INTO ip_whitelist (ip, description) VALUES ('127.0.0.1', 'benchmark load generator')`,
  );
  await db.query(
    `INSERT INTO clients (id, app_id, secret_hash, secret_mask, description, redirect,
                          oidc_redirect_uris, oidc_secret_sealed, oidc_grant_types, updated_at)
     VALUES ($1, $2, $3, 'ben...ch', 'Bench RP', 'https://rp.bench.test/portico',
             ARRAY[$4], $5, ARRAY['authorization_code', 'refresh_token', 'client_credentials'],
             now())`,
    [CLIENT_ID, APP, sha256(CLIENT_SECRET), REDIRECT, seal(KEY_SECRET, CLIENT_SECRET)],
  );
  const {
    rows: [user],
  } = await db.query(
    `INSERT INTO users (id, username, email, display_name, password_hash)
     VALUES (gen_random_uuid()::text, 'bench_oidc', 'bench_oidc@bench.test', 'Bench OIDC', $1)
     RETURNING id, email`,
    [await hashSecret(PASSWORD)],
  );
  await db.query(
    `INSERT INTO devices (id, user_id, fingerprint_hash, name, type, verified_at)
     VALUES (gen_random_uuid()::text, $1, $2, 'Chrome on Windows', 'desktop', now())`,
    [user.id, sha256(FINGERPRINT)],
  );
  const {
    rows: [access],
  } = await db.query(
    `INSERT INTO access (id, company_id, app_id, email, user_id, status, accepted_at)
     VALUES (gen_random_uuid()::text, $1, $2, $3, $4, 'verified', now()) RETURNING id`,
    [COMPANY, APP, user.email, user.id],
  );
  await db.query(
    `INSERT INTO access_roles (access_id, app_id, role_id) VALUES ($1, $2, 'viewer')`,
    [access.id, APP],
  );
  await db.query('COMMIT');
  await db.query('ANALYZE');
  await db.end();
}

/** A browser signed in to Portico: its cookies, and the authorizations it runs by SSO. */
class Browser {
  cookies = new Map();

  async request(url, init = {}) {
    const headers = { 'user-agent': USER_AGENT, ...(init.headers ?? {}) };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const response = await fetch(new URL(url, BASE), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      this.cookies.set(name, pair.slice(name.length + 1));
    }
    return response;
  }

  async call(path, body) {
    const response = await this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (answer.Code !== '200') throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return answer.Msg;
  }

  async location(url) {
    const response = await this.request(url);
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url} (${response.status})`);
    return new URL(location, BASE);
  }

  signIn() {
    return this.call('/v1/auth', {
      uname: Buffer.from('bench_oidc').toString('base64'),
      pass: Buffer.from(PASSWORD).toString('base64'),
      client: CLIENT_ID,
      redirect: '/',
      dcd: FINGERPRINT,
    });
  }

  /** One authorization of the client, signed in by auto-login: answers the provider's code. */
  async authorize() {
    const auth = new URL(`${BASE}/oidc/auth`);
    auth.search = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: REDIRECT,
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
    }).toString();
    const interaction = await this.location(auth.href);
    const sso = await this.location(interaction.pathname);
    const redir = sso.searchParams.get('redir');
    await this.call('/v1/auth/autologin', { client: CLIENT_ID, redirect: redir });
    const choice = await this.call('/v1/auth/com', { com: COMPANY, client: CLIENT_ID });
    const query = new URLSearchParams({ code: choice.code, com: choice.com }).toString();
    const resume = await this.location(`${redir}?${query}`);
    const back = await this.location(resume.pathname);
    const code = back.searchParams.get('code');
    if (!code) throw new Error(`no code: ${back.href}`);
    return code;
  }
}

async function makeCodes() {
  const browsers = Array.from({ length: BROWSERS }, () => new Browser());
  for (const browser of browsers) await browser.signIn();
  const codes = [];
  const started = performance.now();
  await Promise.all(
    browsers.map(async (browser) => {
      while (codes.length < CODES) codes.push(await browser.authorize());
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { codes: codes.slice(0, CODES), perSecond: codes.length / seconds };
}

const tokenRequest = {
  url: `${BASE}/oidc/token`,
  method: 'POST',
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    authorization: BASIC,
    // The provider builds its URLs from the issuer; the bench talks to it on 127.0.0.1.
    host: `localhost:${PORT}`,
  },
};

function line(title, run, extra = '') {
  const { result, times } = run;
  const rate = result.requests.average;
  console.log(
    `${title.padEnd(40)} ${rate.toFixed(0).padStart(6)} req/s   p50 ${ms(percentile(times, 50))}   ` +
      `p99 ${ms(percentile(times, 99))}   non-2xx ${result.non2xx}   errors ${result.errors}${extra}`,
  );
  return rate;
}

async function benchCodeExchanges(codes) {
  let next = 0;
  const refreshTokens = [];
  const run = await timedRun({
    ...tokenRequest,
    connections: CONNECTIONS,
    amount: codes.length,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: codes[next++] ?? 'none',
            redirect_uri: REDIRECT,
            code_verifier: VERIFIER,
          }).toString(),
        }),
        onResponse: (status, body) => {
          if (status === 200) refreshTokens.push(JSON.parse(body).refresh_token);
        },
      },
    ],
  });
  line('authorization_code (ID token + tokens)', run, `   (${codes.length} codes)`);
  return refreshTokens;
}

/**
 * A queue of refresh tokens, each sent once: a request takes the oldest, its answer puts the
 * new one at the end. (A token sent twice would be a reuse, which revokes the whole grant.)
 */
async function benchRefreshes(pool) {
  const queue = [...pool];
  const refresh = (seconds) =>
    timedRun({
      ...tokenRequest,
      connections: CONNECTIONS,
      duration: seconds,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(queue.shift() ?? '')}`,
          }),
          onResponse: (status, body) => {
            if (status === 200) queue.push(JSON.parse(body).refresh_token);
          },
        },
      ],
    });
  await refresh(WARM_UP_S);
  return line('refresh_token (rotating)', await refresh(DURATION_S));
}

async function benchClientCredentials() {
  const options = {
    ...tokenRequest,
    connections: CONNECTIONS,
    body: 'grant_type=client_credentials',
  };
  await timedRun({ ...options, duration: WARM_UP_S });
  return line('client_credentials', await timedRun({ ...options, duration: DURATION_S }));
}

export async function runOidcTokenBenchmarks() {
  const databaseUrl = await freshDatabase(DATABASE, process.env.BENCH_OIDC_DATABASE_URL);
  const server = await startBenchServer({
    port: PORT,
    databaseUrl,
    env: { OIDC_KEY_SECRET: KEY_SECRET, PUBLIC_URL: `http://localhost:${PORT}` },
    nodeArgs: process.env.BENCH_OIDC_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    label: 'OIDC token',
  });
  try {
    await seed(databaseUrl);
    const cores = availableParallelism();
    const target = 2 * KEYCLOAK_PER_VCPU * cores;
    console.log(
      `\nOIDC token endpoint (own API on ${BASE}, issuer ${ISSUER}, ${CONNECTIONS} connections, ` +
        `${DURATION_S} s after ${WARM_UP_S} s of warm-up; load generator on the same ${cores} cores)`,
    );
    const { codes, perSecond } = await makeCodes();
    console.log(
      `authorizations by SSO (6 requests each)   ${perSecond.toFixed(0).padStart(6)} /s   ` +
        `(${BROWSERS} browsers, ${CODES} codes for the next line)`,
    );
    const refreshTokens = await benchCodeExchanges(codes);
    const refreshes = await benchRefreshes(refreshTokens);
    const grants = await benchClientCredentials();
    console.log(
      `  target ${target}/s (twice Keycloak's ${KEYCLOAK_PER_VCPU}/s per vCPU x ${cores}): ` +
        `refresh ${pct(refreshes / target)}, client_credentials ${pct(grants / target)} of it`,
    );
  } finally {
    await stopServer(server);
  }
}

// Alone, after `pnpm --filter @portico/api build`: `node bench/oidc-tokens.mjs`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runOidcTokenBenchmarks();
}
