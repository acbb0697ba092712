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

export async function runBoundedProperty<T, E>(options: BoundedPropertyOptions<T, E>): Promise<BoundedPropertyResult<T, E>> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const deadline = startedAt + options.bounds.timeLimitMs;
  const counts: Record<PropertyCheck['kind'], number> = { holds: 0, violated: 0, 'not-judged': 0, 'no-answer': 0 };
  const keys: string[] = [];
  const notes: TrialRecord<T, E>[] = [];
  const violations = new Map<string, TrialRecord<T, E>>();
  let noteCount = 0;
  let first: TrialRecord<T, E> | undefined;
  let noAnswer: BoundedPropertyResult<T, E>['noAnswer'];
  let stop: StopReason | undefined;
  let inFlight: Promise<unknown> | undefined;

  // Throwing PreconditionFailure(true) interrupts the whole fast-check run (no more runs, no more
  // shrinking); a plain fc.pre(false) would only skip this value and draw another.
  const interrupt = (reason: StopReason): never => {
    stop ??= reason;
    throw new fc.PreconditionFailure(true);
  };

  const predicate = async (value: T): Promise<boolean> => {
    if (stop !== undefined) interrupt(stop);
    if (options.spent() + options.requestsPerTrial > options.bounds.maxRequests) interrupt('request cap');
    const pending = options.trial(value);
    inFlight = pending.catch(() => undefined);
    let trial: Trial<E>;
    try {
      trial = await pending;
    } catch (error) {
      noAnswer ??= { problem: `the harness failed: ${(error as Error).message}` };
      return interrupt('harness error');
    }
    // interruptAfterTimeLimit has already given up on a trial that ends past the limit: fast-check
    // will not see its result, so it is not counted either (its requests and cleanup still ran).
    if (now() > deadline) return interrupt('time limit');
    const record: TrialRecord<T, E> = { value, key: options.key(value), trial };
    keys.push(record.key);
    counts[trial.check.kind] += 1;
    first ??= record;
    switch (trial.check.kind) {
      case 'holds':
        if (trial.check.note !== undefined) {
          noteCount += 1;
          if (notes.length < NOTES_KEPT) notes.push(record);
        }
        return true;
      case 'not-judged':
        return true;
      case 'violated':
        violations.set(record.key, record);
        return false;
      case 'no-answer':
        noAnswer ??= record;
        return interrupt('no answer');
    }
  };

  const property: fc.IAsyncProperty<[T]> = fc.asyncProperty(options.arbitrary, predicate);
  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: options.numRuns,
    plugins: [fc.interruptAfterTimeLimit(options.bounds.timeLimitMs)],
  });
  // A trial the time limit cut off is still sending (or deleting what it created): let it finish.
  await inFlight;

  // interruptAfterTimeLimit is typed Plugin<unknown>, which widens the details to unknown values;
  // the counterexample is still the property's own [T].
  const counterexample = details.counterexample as [T] | null;
  const shrunk = counterexample === null ? undefined : violations.get(options.key(counterexample[0]));
  const stoppedBy = stop ?? (details.interrupted ? 'time limit' : undefined);
  return {
    outcome: noAnswer !== undefined ? 'no-answer' : shrunk !== undefined ? 'violated' : 'held',
    keys,
    counts,
    first,
    notes,
    noteCount,
    counterexample: shrunk,
    noAnswer,
    runs: details.numRuns,
    shrinks: details.numShrinks,
    stoppedBy,
    durationMs: Math.round(now() - startedAt),
  };
}
