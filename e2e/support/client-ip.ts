/**
 * Every test (and every API context of its own) presents a client address no other test uses,
 * in X-Forwarded-For: the API trusts it from loopback (TRUST_PROXY), so its per-IP limits and
 * bans (20 credential calls a minute, 10 failing usernames) never let one test ban another.
 *
 * Addresses are 10.<worker>.<n / 250>.<n % 250 + 1>: the worker index is unique within a run (a
 * restarted worker gets a new one) and n counts up within the worker, so no address repeats.
 */
export class ClientIps {
  private used = 0;

  constructor(private readonly workerIndex: number) {}

  next(): string {
    const n = this.used++;
    const worker = (this.workerIndex % 250) + 1;
    return `10.${worker}.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`;
  }
}
