/** The run's hard limits: requests on the wire (retries included) and time since the engine started. */
export class RunLimits {
  readonly maxRequests: number;
  readonly maxRunTimeMs: number;
  readonly deadlineAt: number;
  #spent = 0;

  constructor(maxRequests: number, maxRunTimeMs: number, startedAt: number) {
    this.maxRequests = maxRequests;
    this.maxRunTimeMs = maxRunTimeMs;
    this.deadlineAt = startedAt + maxRunTimeMs;
  }

  get spent(): number {
    return this.#spent;
  }

  get budgetLeft(): boolean {
    return this.#spent < this.maxRequests;
  }

  /** Reserves one request before it is sent, so that concurrent senders never overshoot. */
  reserve(): void {
    if (!this.budgetLeft) throw new Error('RunLimits.reserve: budget spent');
    this.#spent += 1;
  }

  /** Gives back a reservation for a request that never reached the wire. */
  refund(): void {
    if (this.#spent > 0) this.#spent -= 1;
  }

  budgetMessage(): string {
    return `request budget of ${this.maxRequests} spent: the run stopped early`;
  }

  deadlineMessage(): string {
    return `run time limit of ${this.maxRunTimeMs} ms reached: the run stopped early`;
  }
}
