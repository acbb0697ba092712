/**
 * Runs one property with fast-check under a request cap and a time limit, against anything that
 * answers trials (the live target in the suites, fakes in the unit tests).
 *
 * fc.check, not fc.assert: the suite maps the run's details (shrunk counterexample, interrupt,
 * runs, shrinks) to a verdict and a CaseRecord, and finishCase does the failing with Expected /
 * Actual. fc.assert is fc.check plus a throw of the same details as text.
 *
 * On `violated` fast-check shrinks, one request (or two) per candidate; on `no-answer` the
 * property stops at once, unshrunk: a network failure says nothing about the body.
 */
import fc from 'fast-check';
import type { PropertyBounds } from './bounds.js';
import type { PropertyCheck } from './check-result.js';

export interface Trial<E> {
  check: PropertyCheck;
  /** What the trial saw (the exchanges), for the report's example. */
  evidence: E;
}

export interface TrialRecord<T, E> {
  value: T;
  key: string;
  trial: Trial<E>;
}

export interface BoundedPropertyOptions<T, E> {
  arbitrary: fc.Arbitrary<T>;
  /** A stable text per value: the counterexample is found by it, and the digest is made of it. */
  key: (value: T) => string;
  seed: number;
  numRuns: number;
  bounds: PropertyBounds;
  /** Requests this property has put on the wire so far, retries included. */
  spent: () => number;
  /** The most requests one trial sends: a trial is started only when the cap leaves room for it. */
  requestsPerTrial: number;
  trial: (value: T) => Promise<Trial<E>>;
  /** Milliseconds clock (default Date.now). */
  now?: () => number;
}

export type StopReason = 'request cap' | 'time limit' | 'no answer' | 'harness error';

export interface BoundedPropertyResult<T, E> {
  outcome: 'held' | 'violated' | 'no-answer';
  /** Keys of the trials, in the order they were answered (initial runs and shrink candidates). */
  keys: string[];
  /** Trials by what their check said. */
  counts: Record<PropertyCheck['kind'], number>;
  /** The first trial answered (the example when the property held). */
  first: TrialRecord<T, E> | undefined;
  /** Trials that held with a note, first few only (see `counts` and `noteCount`). */
  notes: TrialRecord<T, E>[];
  noteCount: number;
  /** The shrunk counterexample (outcome `violated`, or `no-answer` when one had been found before). */
  counterexample: TrialRecord<T, E> | undefined;
  /** The trial that got no answer, or the harness's error, when outcome is `no-answer`. */
  noAnswer: TrialRecord<T, E> | { problem: string } | undefined;
  /** Runs fast-check completed before the first failure, or in all. */
  runs: number;
  shrinks: number;
  stoppedBy: StopReason | undefined;
  durationMs: number;
}

const NOTES_KEPT = 5;

/** What the trials so far gave, and why the run stopped; fast-check only hears true, false or an interrupt. */
class Trials<T, E> {
  readonly counts: Record<PropertyCheck['kind'], number> = { holds: 0, violated: 0, 'not-judged': 0, 'no-answer': 0 };
  readonly keys: string[] = [];
  readonly notes: TrialRecord<T, E>[] = [];
  readonly violations = new Map<string, TrialRecord<T, E>>();
  noteCount = 0;
  first: TrialRecord<T, E> | undefined = undefined;
  noAnswer: BoundedPropertyResult<T, E>['noAnswer'] = undefined;
  stop: StopReason | undefined = undefined;
  inFlight: Promise<unknown> | undefined = undefined;

  // Throwing PreconditionFailure(true) interrupts the whole fast-check run (no more runs, no more
  // shrinking); a plain fc.pre(false) would only skip this value and draw another.
  interrupt(reason: StopReason): never {
    this.stop ??= reason;
    throw new fc.PreconditionFailure(true);
  }

  /** Counts a trial answered and tells fast-check whether the property held on it. */
  answered(record: TrialRecord<T, E>): boolean {
    const { check } = record.trial;
    this.keys.push(record.key);
    this.counts[check.kind] += 1;
    this.first ??= record;
    switch (check.kind) {
      case 'holds':
        if (check.note !== undefined) {
          this.noteCount += 1;
          if (this.notes.length < NOTES_KEPT) this.notes.push(record);
        }
        return true;
      case 'not-judged':
        return true;
      case 'violated':
        this.violations.set(record.key, record);
        return false;
      case 'no-answer':
        this.noAnswer ??= record;
        return this.interrupt('no answer');
    }
  }
}

/** The property fast-check runs: a trial per value, while the request cap and the time limit allow. */
function predicateOf<T, E>(options: BoundedPropertyOptions<T, E>, trials: Trials<T, E>, deadline: number, now: () => number) {
  return async (value: T): Promise<boolean> => {
    if (trials.stop !== undefined) trials.interrupt(trials.stop);
    if (options.spent() + options.requestsPerTrial > options.bounds.maxRequests) trials.interrupt('request cap');
    const pending = options.trial(value);
    trials.inFlight = pending.catch(() => undefined);
    let trial: Trial<E>;
    try {
      trial = await pending;
    } catch (error) {
      trials.noAnswer ??= { problem: `the harness failed: ${(error as Error).message}` };
      return trials.interrupt('harness error');
    }
    // interruptAfterTimeLimit has already given up on a trial that ends past the limit: fast-check
    // will not see its result, so it is not counted either (its requests and cleanup still ran).
    if (now() > deadline) return trials.interrupt('time limit');
    return trials.answered({ value, key: options.key(value), trial });
  };
}

export async function runBoundedProperty<T, E>(options: BoundedPropertyOptions<T, E>): Promise<BoundedPropertyResult<T, E>> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const trials = new Trials<T, E>();
  const predicate = predicateOf(options, trials, startedAt + options.bounds.timeLimitMs, now);
  const property: fc.IAsyncProperty<[T]> = fc.asyncProperty(options.arbitrary, predicate);
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.numRuns,
    plugins: [fc.interruptAfterTimeLimit(options.bounds.timeLimitMs)],
  });
  // A trial the time limit cut off is still sending (or deleting what it created): let it finish.
  await trials.inFlight;

  // interruptAfterTimeLimit is typed Plugin<unknown>, which widens the details to unknown values;
  // the counterexample is still the property's own [T].
  const counterexample = details.counterexample as [T] | null;
  const shrunk = counterexample === null ? undefined : trials.violations.get(options.key(counterexample[0]));
  const stoppedBy = trials.stop ?? (details.interrupted ? 'time limit' : undefined);
  const { noAnswer } = trials;
  return {
    outcome: noAnswer !== undefined ? 'no-answer' : shrunk !== undefined ? 'violated' : 'held',
    keys: trials.keys,
    counts: trials.counts,
    first: trials.first,
    notes: trials.notes,
    noteCount: trials.noteCount,
    counterexample: shrunk,
    noAnswer,
    runs: details.numRuns,
    shrinks: details.numShrinks,
    stoppedBy,
    durationMs: Math.round(now() - startedAt),
  };
}
