import type { Database } from '../db.js';
import { canonicalIp } from './ip-address.js';

/** How long this process trusts its copy of the whitelist before reading it again. */
export const WHITELIST_CACHE_MS = 10_000;
/** After a failed read, the last known copy is kept and the read retried this much later. */
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * The whitelist as a set in memory: the rate limiter asks it on every limited request, so a
 * lookup must not cost a query. Changes made through this process (add, remove) invalidate it at
 * once; other replicas see them within WHITELIST_CACHE_MS.
 */
export class WhitelistCache {
  private ips = new Set<string>();
  private freshUntil = 0;
  /** Bumped by invalidate(): a read that started before a change must not count as fresh. */
  private generation = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = WHITELIST_CACHE_MS,
  ) {}

  async has(ip: string): Promise<boolean> {
    if (Date.now() >= this.freshUntil) await this.refresh();
    return this.ips.has(canonicalIp(ip));
  }

  invalidate(): void {
    this.generation += 1;
    this.freshUntil = 0;
  }

  private refresh(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const started = this.generation;
    try {
      const rows = await this.db.prisma.ipWhitelistEntry.findMany({ select: { ip: true } });
      this.ips = new Set(rows.map((row) => canonicalIp(row.ip)));
      if (started === this.generation) this.freshUntil = Date.now() + this.ttlMs;
    } catch {
      // The database is unreachable: keep the last known list rather than fail every request.
      this.freshUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
    }
  }
}
