/**
 * Numbers a screen's overlapping requests of one kind so that only the newest one's reply
 * is used: a reply that comes back after a newer request (or after `drop`) is stale and
 * is ignored, whether it succeeded or failed.
 */
export class Latest {
  #current = 0;

  /** Makes every request still in flight stale. */
  drop(): void {
    this.#current++;
  }

  /**
   * Runs `call` as the newest request: its reply goes to `ok`, its failure to `failed`,
   * unless a newer request was made meanwhile.
   */
  async run<T>(call: () => Promise<T>, ok: (value: T) => void | Promise<void>, failed: (error: unknown) => void): Promise<void> {
    const request = ++this.#current;
    try {
      const value = await call();
      if (request === this.#current) await ok(value);
    } catch (e) {
      if (request === this.#current) failed(e);
    }
  }
}
