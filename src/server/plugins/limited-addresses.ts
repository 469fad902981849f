import * as clock from '../clock';
/**
 * The addresses this process has seen go over a limit, each until its window ends, so that a
 * request from one is refused before it costs a query. The count itself is kept in `rate_limits`
 * and shared by every process; this only remembers its verdict, and another process learns it
 * from the count at the address's next refusal there. Bounded: past `max` addresses the one
 * limited longest ago is forgotten, and is counted in the database again if it goes on.
 */
export class LimitedAddresses {
  private readonly until = new Map<string, number>();

  constructor(private readonly max = 10_000) {}

  /** Seconds until the address may try again; 0 when it is not known to be over its limit. */
  waitOf(address: string, now = clock.nowMs()): number {
    const until = this.until.get(address);
    if (until === undefined) return 0;
    if (until <= now) {
      this.until.delete(address);
      return 0;
    }
    return Math.ceil((until - now) / 1000);
  }

  /** Remembers that the address is over its limit for waitSeconds. */
  limit(address: string, waitSeconds: number, now = clock.nowMs()): void {
    this.until.delete(address);
    this.until.set(address, now + waitSeconds * 1000);
    if (this.until.size > this.max) {
      const oldest = this.until.keys().next().value;
      if (oldest !== undefined) this.until.delete(oldest);
    }
  }
}
