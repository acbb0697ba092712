/**
 * Bodies asked at the same time (the value classes of a suite), each until its answer is settled (./settle.ts). A
 * refusal that names nothing in the body counts only when no body of the run was both refused with it and accepted;
 * which body meets such a refusal first is chance, so a body about to count one waits (`hold`) until every other
 * body of the phase has settled or waits too, and reads what they learned. vitest runs the cases at a bounded
 * concurrency, so waiting cases hold its slots: when every running case waits and none starts within `quietMs`
 * (a freed slot starts the next case at once), the waiting cases go on with what is known, so none waits for a case
 * that cannot start.
 */

/** How long every running case must have been waiting, with none starting, before the waiting cases go on. */
export const QUIET_MS = 200;

export class AskingPhase {
  #active = 0;
  /** Cases waiting: at `hold`, or on another case (a confirmation it is making) through `paused`. */
  #waiting = 0;
  #holders: (() => void)[] = [];
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly quietMs = QUIET_MS) {}

  /** A case starts asking. */
  enter(): void {
    this.#active += 1;
    this.#check();
  }

  /** A case has settled (or failed): call once per `enter`, in a `finally`. */
  leave(): void {
    this.#active -= 1;
    this.#check();
  }

  /** Resolves once every other case of the phase has settled or waits (see the file's comment). */
  hold(): Promise<void> {
    return this.paused(new Promise<void>((resolve) => this.#holders.push(resolve)));
  }

  /** Counts the case as waiting while `wait` is pending (a wait on another case, which may itself be holding). */
  async paused<T>(wait: Promise<T>): Promise<T> {
    this.#waiting += 1;
    this.#check();
    try {
      return await wait;
    } finally {
      this.#waiting -= 1;
      this.#check();
    }
  }

  #check(): void {
    const still = this.#holders.length > 0 && this.#waiting >= this.#active;
    if (!still) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      return;
    }
    // Every case still asking has gone on or waits: once no case starts within quietMs, the holders read what is known.
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#holders.length === 0 || this.#waiting < this.#active) return;
      const holders = this.#holders;
      this.#holders = [];
      for (const resolve of holders) resolve();
    }, this.quietMs);
  }
}
