/**
 * The walk of a limit search (./find-limit.ts), over whatever asks a step: the two ends, then each candidate checked
 * at its edges, then halvings where the answers leave a gap; in a settled search both edges are settled again, one
 * right after the other, before a limit is stated. Candidates come from the search (the description's documented
 * limits) and from each refusal's message (`stated`); every candidate is checked once.
 */
import type { CandidateSource, LimitEnd, LimitResult, LimitStep } from './limit-result.js';
import type { IntermittentNote } from './limit-finding.js';

/** A step's answer: settled (a refusal with the numbers its message states), or why the search cannot go on. */
export type StepAnswer =
  | { kind: 'accepted' }
  | {
      kind: 'rejected';
      stated?: readonly number[];
      /**
       * False for a refusal that only its own asks confirm and that names nothing in the body: what a backend failing
       * now and then sends, so it pins no candidate alone (the edges are settled again first). Undefined: trusted.
       */
      trusted?: boolean;
    }
  | { kind: 'unknown' | 'out-of-steps' }
  | { kind: 'undetermined'; why: string };

/**
 * How a value is asked: a halving (`step`), an edge settled on its own (`edge`: no kind of refusal counted from other
 * values), or an edge seen accepted before and asked again (`again-accepted`).
 */
export type AskMode = 'step' | 'edge' | 'again-accepted';

export interface Search {
  steps: LimitStep[];
  maxSteps: number;
  step: (x: number, mode: AskMode) => Promise<StepAnswer>;
  /** Settle both edges again before an exact limit is stated. */
  confirmEdges: boolean;
  /** Candidates known before the search: the description's documented limits. */
  documented: readonly number[];
  /** Candidates a baseline of the same target recorded (pinned by an earlier run), checked before the documented ones. */
  recorded?: readonly number[];
  /**
   * Check the known candidates (recorded, documented) right after `low`, before `high`: for a search where every ask
   * of a value past the limit waits (the handshake deadline's holds), so `high` is asked only when they pin nothing.
   */
  candidatesFirst?: boolean;
  intermittent?: () => IntermittentNote | undefined;
}

/** What the walk knows: the largest accepted, the smallest rejected, every value rejected, the candidates. */
interface Walk {
  accepted: number;
  rejected: number;
  /** Values rejected so far: a rejection a second ask overturns falls back to the next one above. */
  rejections: number[];
  pending: { value: number; from: CandidateSource }[];
  tried: Set<number>;
}

type Stop = { stop: LimitResult };
const isStop = (x: unknown): x is Stop => typeof x === 'object' && x !== null && 'stop' in x;

export async function bisect(s: Search, low: number, high: number): Promise<LimitResult> {
  const w: Walk = {
    accepted: low,
    rejected: high,
    rejections: [high],
    pending: [
      ...(s.recorded ?? []).map((value) => ({ value, from: 'recorded' as const })),
      ...s.documented.map((value) => ({ value, from: 'documented' as const })),
    ],
    tried: new Set(),
  };
  const start = s.candidatesFirst === true ? await candidatesBeforeHigh(s, w, low, high) : await askEnds(s, low, high);
  if (isStop(start)) return start.stop;
  if (typeof start === 'string') return done(s, 'exact', w.accepted, w.rejected, undefined, start);
  noteStated(w, start);
  for (;;) {
    let pinned: CandidateSource | undefined;
    while (w.rejected - w.accepted > 1 && pinned === undefined) {
      const c = nextCandidate(w);
      const moved = c === undefined ? await halve(s, w) : await checkCandidate(s, w, c.value);
      if (isStop(moved)) return moved.stop;
      if (moved === 'pinned' && c !== undefined) pinned = c.from;
    }
    if (pinned !== undefined && s.confirmEdges) return done(s, 'exact', w.accepted, w.rejected, undefined, pinned);
    if (!s.confirmEdges) return done(s, 'exact', w.accepted, w.rejected, undefined, pinned);
    const confirmed = await confirmEdges(s, w);
    if (confirmed !== 'moved') return confirmed.stop;
  }
}

function done(
  s: Search,
  end: LimitEnd,
  accepted: number | undefined,
  rejected: number | undefined,
  note?: string,
  candidate?: CandidateSource,
): LimitResult {
  const intermittent = s.intermittent?.();
  return {
    end,
    largestAccepted: accepted,
    smallestRejected: rejected,
    probes: s.steps.length,
    steps: s.steps,
    ...(note !== undefined ? { note } : {}),
    ...(intermittent !== undefined ? { intermittent } : {}),
    ...(candidate !== undefined && accepted !== undefined ? { candidate: { value: accepted, from: candidate } } : {}),
  };
}

/** The end for an answer that stops the search; undefined for accepted and rejected. */
function stopFor(s: Search, a: StepAnswer, x: number, accepted: number | undefined, rejected: number | undefined): Stop | undefined {
  switch (a.kind) {
    case 'out-of-steps': {
      // Neighbours pin the limit: one number, never a range of one.
      const between =
        accepted === undefined || rejected === undefined
          ? ''
          : rejected - accepted <= 1
            ? `: the limit is ${accepted}`
            : `: the limit lies between ${accepted} and ${rejected - 1}`;
      return { stop: done(s, 'max-steps', accepted, rejected, `stopped after ${s.maxSteps} requests (the most allowed)${between}`) };
    }
    case 'unknown': {
      const why = `no answer for ${x} after a retry: search stopped, nothing inferred past what was seen`;
      return { stop: done(s, 'no-answer', accepted, rejected, why) };
    }
    case 'undetermined':
      return { stop: done(s, 'undetermined', accepted, rejected, `the answers for ${a.why}; no limit is stated`) };
    default:
      return undefined;
  }
}

/** `low` accepted, or the end that says otherwise. */
async function askLow(s: Search, low: number): Promise<Stop | undefined> {
  const first = await s.step(low, 'step');
  const lowStop = stopFor(s, first, low, undefined, undefined);
  if (lowStop !== undefined) return lowStop;
  if (first.kind === 'rejected') {
    const why = `the smallest value tried (${low}) was rejected: no limit pinned; the rejection may have another cause than a limit`;
    return { stop: done(s, 'low-rejected', undefined, low, why) };
  }
  return undefined;
}

/** `high` rejected (its answer, with the numbers it states), or the end that says otherwise. */
async function askHigh(s: Search, low: number, high: number): Promise<Stop | StepAnswer> {
  const last = await s.step(high, 'step');
  const highStop = stopFor(s, last, high, low, undefined);
  if (highStop !== undefined) return highStop;
  if (last.kind === 'accepted') {
    return {
      stop: done(s, 'high-accepted', high, undefined, `accepted up to the largest value tried (${high}): the limit, if any, is higher`),
    };
  }
  return last;
}

/** `low` accepted and `high` rejected, or the end that says otherwise; the refusal of `high` when it came. */
async function askEnds(s: Search, low: number, high: number): Promise<Stop | StepAnswer> {
  return (await askLow(s, low)) ?? (await askHigh(s, low, high));
}

/**
 * `low`, then each known candidate at its edges, then `high` only when no candidate's edge was refused: a candidate
 * pinned is the limit (its source returned), as it is when checked after the ends; otherwise the walk goes on from
 * what the edges said. `high` counts as rejected only once asked.
 */
async function candidatesBeforeHigh(s: Search, w: Walk, low: number, high: number): Promise<Stop | StepAnswer | CandidateSource> {
  const lowStop = await askLow(s, low);
  if (lowStop !== undefined) return lowStop;
  w.rejections = [];
  let doubted = false;
  for (let c = nextCandidate(w); c !== undefined && !doubted; c = w.rejected - w.accepted > 1 ? nextCandidate(w) : undefined) {
    const moved = await checkCandidate(s, w, c.value);
    if (isStop(moved)) return moved;
    if (moved === 'pinned') return c.from;
    doubted = moved === 'doubted';
  }
  // A refusal that may be chance bounds nothing yet: the high end is the rejection to fall back on when it is overturned.
  if (w.rejections.length > 0 && !doubted) return { kind: 'rejected' };
  const last = await askHigh(s, w.accepted, high);
  if (!isStop(last)) w.rejections.push(high);
  return last;
}

/** The numbers a refusal states, first in line (the target's own words come before the description's). */
function noteStated(w: Walk, answer: StepAnswer): void {
  if (answer.kind !== 'rejected') return;
  const fresh = (answer.stated ?? []).filter((value) => !w.tried.has(value) && !w.pending.some((p) => p.value === value));
  w.pending.unshift(...fresh.map((value) => ({ value, from: 'stated' as const })));
}

/** The next candidate inside the gap (accepted <= c < rejected), never one checked before. */
function nextCandidate(w: Walk): { value: number; from: CandidateSource } | undefined {
  w.pending = w.pending.filter((p) => !w.tried.has(p.value));
  const c = w.pending.find((p) => p.value >= w.accepted && p.value < w.rejected);
  if (c !== undefined) w.tried.add(c.value);
  return c;
}

function rejectedAt(w: Walk, x: number, answer: StepAnswer): void {
  w.rejections.push((w.rejected = x));
  noteStated(w, answer);
}

async function halve(s: Search, w: Walk): Promise<Stop | 'moved'> {
  const mid = w.accepted + Math.floor((w.rejected - w.accepted) / 2);
  const answer = await s.step(mid, 'step');
  const midStop = stopFor(s, answer, mid, w.accepted, w.rejected);
  if (midStop !== undefined) return midStop;
  if (answer.kind === 'accepted') w.accepted = mid;
  else rejectedAt(w, mid, answer);
  return 'moved';
}

/**
 * A candidate checked at its edges, one right after the other: `c` (asked again when it was seen accepted before)
 * and `c + 1`, each settled on its own. Both agreeing pins the limit; otherwise the gap is narrowed by what they said.
 * `doubted`: the gap narrowed to the candidate by a refusal that may be chance (not `trusted`), pinning nothing.
 */
async function checkCandidate(s: Search, w: Walk, c: number): Promise<Stop | 'moved' | 'pinned' | 'doubted'> {
  const lower = await s.step(c, c === w.accepted ? 'again-accepted' : 'edge');
  const lowerStop = stopFor(s, lower, c, w.accepted, w.rejected);
  if (lowerStop !== undefined) return lowerStop;
  if (lower.kind === 'rejected') {
    // Seen accepted before and refused now: a contradiction the settling already ended; a first refusal narrows.
    rejectedAt(w, c, lower);
    return 'moved';
  }
  w.accepted = c;
  const upper = await s.step(c + 1, 'edge');
  const upperStop = stopFor(s, upper, c + 1, w.accepted, w.rejected);
  if (upperStop !== undefined) return upperStop;
  if (upper.kind === 'accepted') {
    w.accepted = c + 1;
    return 'moved';
  }
  rejectedAt(w, c + 1, upper);
  // A refusal of the next value that names nothing and no other value confirmed may be chance: the walk settles both
  // edges again (confirmEdges) instead of stating the candidate on it.
  return upper.kind === 'rejected' && upper.trusted === false ? 'doubted' : 'pinned';
}

/** Both sides of the limit settled again, one right after the other, before it is stated. */
async function confirmEdges(s: Search, w: Walk): Promise<Stop | 'moved'> {
  const lower = await s.step(w.accepted, 'again-accepted');
  const lowerStop = stopFor(s, lower, w.accepted, w.accepted, w.rejected);
  if (lowerStop !== undefined) return lowerStop;
  if (lower.kind !== 'accepted') {
    const why = `the answers for ${w.accepted}: accepted first, then rejected when asked again; no limit is stated`;
    return { stop: done(s, 'undetermined', w.accepted, w.rejected, why) };
  }
  const upper = await s.step(w.rejected, 'edge');
  const upperStop = stopFor(s, upper, w.rejected, w.accepted, w.rejected);
  if (upperStop !== undefined) return upperStop;
  if (upper.kind === 'rejected') return { stop: done(s, 'exact', w.accepted, w.rejected) };
  // A 2xx overturns the rejection (it was intermittent): the limit is above, below the next value rejected.
  w.accepted = w.rejected;
  const above = w.rejections.filter((x) => x > w.accepted);
  if (above.length === 0) {
    const why = `the answers for ${w.accepted}: rejected first, then accepted when asked again; no limit is stated`;
    return { stop: done(s, 'undetermined', w.accepted, undefined, why) };
  }
  w.rejected = Math.min(...above);
  return 'moved';
}
