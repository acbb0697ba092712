/** Counts requests in flight against a cap. */
export class ConcurrencyLimit {
  readonly limit: number;
  #inFlight = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  get available(): boolean {
    return this.#inFlight < this.limit;
  }

  acquire(): void {
    if (!this.available) throw new Error('ConcurrencyLimit.acquire: no slot free');
    this.#inFlight += 1;
  }

  release(): void {
    if (this.#inFlight === 0) throw new Error('ConcurrencyLimit.release: nothing in flight');
    this.#inFlight -= 1;
  }
}
