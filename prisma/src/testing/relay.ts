import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A database reached through a relay that a test can cut and restore. */
export interface DatabaseRelay {
  /** The database's connection string, through the relay. */
  url: string;
  /** Cuts every connection and refuses new ones: a database outage as the API sees it. */
  shut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  open(): Promise<void>;
}

/**
 * A TCP relay on 127.0.0.1 in front of a PostgreSQL database (the API test of outages and the
 * end-to-end stack's outage test use it): the server itself keeps running for everyone else.
 */
export async function startDatabaseRelay(databaseUrl: string): Promise<DatabaseRelay> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const next = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });
  const shut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      const closing = server;
      server = undefined;
      if (!closing) return resolve();
      closing.close(() => resolve());
    });
  await open();
  const relayed = new URL(databaseUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(port);
  return { url: relayed.href, shut, open };
}
