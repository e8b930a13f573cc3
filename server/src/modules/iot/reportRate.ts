/**
 * Each device's report rate, as a token bucket: `burst` reports at once (a device sending what it
 * kept while offline), refilled at `perSecond`. Measured on the process's monotonic clock, not the
 * app's: it is about how fast messages really come.
 */

/**
 * 'ok': within the rate; 'first': over it, and the first such in the time the bucket takes to fill
 * (recorded as a fault, so a flood is one fault, not thousands); 'over': another.
 */
export type RateVerdict = 'ok' | 'first' | 'over';

interface Bucket {
  tokens: number;
  at: number;
  /** When the last 'first' was answered. */
  faultAt: number;
}

/** Buckets kept before the full ones (devices quiet for a while) are let go. */
const PRUNE_AT = 50_000;

export class ReportRate {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  take(deviceKey: string, now = performance.now()): RateVerdict {
    if (this.buckets.size >= PRUNE_AT) this.prune(now);
    const bucket = this.buckets.get(deviceKey) ?? { tokens: this.burst, at: now, faultAt: -Infinity };
    this.buckets.set(deviceKey, bucket);
    bucket.tokens = Math.min(
      this.burst,
      bucket.tokens + (Math.max(0, now - bucket.at) * this.perSecond) / 1000,
    );
    bucket.at = Math.max(bucket.at, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 'ok';
    }
    if (now - bucket.faultAt < this.refillMs()) return 'over';
    bucket.faultAt = now;
    return 'first';
  }

  private refillMs() {
    return (this.burst / this.perSecond) * 1000;
  }

  private prune(now: number) {
    for (const [key, bucket] of this.buckets)
      if (now - bucket.at >= this.refillMs() && now - bucket.faultAt >= this.refillMs())
        this.buckets.delete(key);
  }
}
