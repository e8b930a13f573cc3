/**
 * A value read from the database once and kept until it is forgotten (a change through this server)
 * or `ttlMs` passes (another instance sharing the database may have changed it; 0 reads it on every
 * call). Callers share the one read under way; a failed read is not kept.
 */
export class ReadCache<T> {
  private loaded: { at: number; value: Promise<T> } | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get(): Promise<T> {
    const now = this.clock();
    if (this.loaded && now - this.loaded.at < this.ttlMs) return this.loaded.value;
    const value = this.load();
    const loaded = { at: now, value };
    this.loaded = loaded;
    value.catch(() => {
      if (this.loaded === loaded) this.loaded = null;
    });
    return value;
  }

  forget(): void {
    this.loaded = null;
  }
}
