import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type http from 'node:http';
import { API_PORT } from '@portico/contracts';
import { createOidcSampleClient, createSampleClient, signInUrl } from '@portico/sample-client';
import type { AdminApi, ClientOptions, Named } from './admin.js';
import { API_ORIGIN } from './stack.js';

export interface RunningSampleClient {
  /** http://localhost:<port>, the sample client's home page. */
  url: string;
  port: number;
  clientId: string;
  /** The application registered for it, and one role of it to grant (`viewer`-like). */
  appId: string;
  appName: string;
  role: Named;
  /** Where its "Sign in with Portico" link points. */
  signInUrl: string;
  close(): Promise<void>;
}

export interface SampleClientOptions {
  app?: Partial<Named>;
  client?: ClientOptions;
}

/**
 * Registers an application (Released), a role and a Web client returning to
 * http://localhost:<port>/callback through the admin API, then runs the sample client there.
 */
export async function startSampleClient(
  admin: AdminApi,
  options: SampleClientOptions = {},
): Promise<RunningSampleClient> {
  const port = await freePort();
  const app = await admin.createApp(options.app);
  const role = await admin.createRole(app.id, { name: 'Viewer' });
  const { client_id, client_secret } = await admin.createClient(
    app.id,
    callbackUrl(port),
    options.client,
  );
  const running = await runSampleClient({ port, clientId: client_id, clientSecret: client_secret });
  return { ...running, appId: app.id, appName: app.name, role };
}

/**
 * The sample client in its OpenID Connect mode: an application, a role and a client with
 * http://localhost:<port>/callback as its OIDC redirect URI and /backchannel-logout as its
 * back-channel logout URI, then the sample client (openid-client inside) on that port.
 */
export async function startOidcSampleClient(admin: AdminApi): Promise<RunningSampleClient> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const app = await admin.createApp();
  const role = await admin.createRole(app.id, { name: 'Viewer' });
  const { client_id, client_secret } = await admin.createClient(app.id, `${url}/portico`, {
    oidc_redirect_uris: [callbackUrl(port)],
    oidc_backchannel_logout_uri: `${url}/backchannel-logout`,
  });
  const server = createOidcSampleClient({
    porticoUrl: API_ORIGIN,
    porticoApiUrl: `http://127.0.0.1:${API_PORT}`,
    clientId: client_id,
    clientSecret: client_secret,
    publicUrl: url,
    mode: 'oidc',
  });
  await listen(server, port);
  return {
    url,
    port,
    clientId: client_id,
    appId: app.id,
    appName: app.name,
    role,
    signInUrl: `${url}/login`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SampleClientCredentials {
  /** The port its registered redirect names (`callbackUrl(port)`). */
  port: number;
  clientId: string;
  clientSecret: string;
}

/** Where the sample client on `port` is registered to receive the code and company. */
export function callbackUrl(port: number): string {
  return `http://localhost:${port}/callback`;
}

/**
 * Runs the sample client (apps/sample-client) in this process for a client registered
 * elsewhere (through the admin API, or the portal's Developer screen). It exchanges codes with
 * the API over 127.0.0.1, as a server next to Portico would (PORTICO_API_URL).
 */
export async function runSampleClient({
  port,
  clientId,
  clientSecret,
}: SampleClientCredentials): Promise<Omit<RunningSampleClient, 'appId' | 'appName' | 'role'>> {
  const url = `http://localhost:${port}`;
  const config = {
    porticoUrl: API_ORIGIN,
    porticoApiUrl: `http://127.0.0.1:${API_PORT}`,
    clientId,
    clientSecret,
    publicUrl: url,
  };
  const server = createSampleClient(config);
  await listen(server, port);
  return {
    url,
    port,
    clientId,
    signInUrl: signInUrl(config),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nobody listens on right now (the client's redirect must name it before it runs). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** On every interface of both families, so "localhost" reaches it as ::1 or 127.0.0.1. */
function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
}
