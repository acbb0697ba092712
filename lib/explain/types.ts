/** What `explain` found about one rejected request (lib/explain/explain.ts), as plain data for render.ts. */
import type { Exchange, RequestSpec } from '../http/types.js';
import type { OperationSpec, ValueContext } from '../operation/types.js';
import type { AnswerClass } from '../answer/classify.js';
import type { BodyConfig } from './body-config.js';
import type { DdAnswer } from './ddmin.js';

/** One body sent, and what the target said. */
export interface Probe {
  config: BodyConfig;
  key: string;
  body: Record<string, unknown>;
  exchange: Exchange;
  answer: AnswerClass;
  verdict: Exclude<DdAnswer, 'stop'>;
  /** Asked again to make sure the target answers the same (an earlier probe had the same key). */
  repeat: boolean;
}

export type ExplainOutcome =
  /** The request as given got a 2xx: nothing to explain (what it created was deleted). */
  | 'accepted'
  /** A smallest change that gets a 2xx was found, and each part of it shown needed. */
  | 'explained'
  /** 401, 403, 404 or 405 with known-good values too: the cause is not in the body. */
  | 'not-the-body'
  /** The target gave no verdict (5xx, no answer) on a request the conclusion needs. */
  | 'no-verdict'
  /** Refused for what exists on the target (a conflict, the quota, a count limit), not for the body: `reason` names it. */
  | 'state'
  /** No variation of the body tried got a 2xx. */
  | 'no-accepted-body'
  /** The request budget was spent before the explanation was complete. */
  | 'budget'
  /** The same request got different answers. */
  | 'unstable';

/** A part of the change, and the evidence that it is needed: the accepted body with this part undone. */
export interface NeededChange {
  field: string;
  kind: 'remove' | 'add' | 'replace-value';
  /** The accepted body with only this change undone, as answered (rejected when the change is needed). */
  undone: Probe;
}

/** A property renamed to the operation's field of the same letters (NotificationUrl -> notificationUrl). */
export interface RenamedField {
  field: string;
  from: string;
  /** The change's body with `from` back in place of `field`, as answered. */
  undone: Probe;
}

/** A change of several fields that gets a 2xx, each part a change of one field. */
export interface FixSet {
  parts: SingleChange[];
  /** The body with every part made, as accepted (the user's values wherever the target took them). */
  after: Probe;
}

/** Another change as small that gets a 2xx: `field` toggled in place of `instead`. */
export interface SwapChange {
  field: string;
  instead: string;
  /** The body with that change, as accepted. */
  accepted: Probe;
}

export interface ExplainResult {
  outcome: ExplainOutcome;
  /** Fields explain worked over: the body's, then the operation's others. */
  fields: string[];
  /** The request as given (original values). */
  original: Probe;
  /** Fields whose presence causes the rejection (with known-good values): taken out in the fix. */
  removed: string[];
  /** Fields whose absence causes it: added (at known-good values) in the fix. */
  added: string[];
  /** Fields whose value causes it: their values replaced by known-good ones in the fix. */
  replaced: string[];
  /**
   * The 1-minimality evidence of removed and added: each field toggled back at its known-good value, the
   * other fields at known-good values too (with a prediction that held, at the user's values).
   */
  presenceEvidence: NeededChange[];
  /**
   * Other changes as small that get a 2xx (one toggle swapped for another of the same kind): the cause is then
   * one of several fields ("changeType and resource together"), not the one the search met first. For a change of
   * one field every other field of its kind is a candidate, for a change of several the fields a prediction, a
   * known body or a message points at.
   */
  swaps: SwapChange[];
  /**
   * For a change of one field with no swap found: the fields of the same kind whose swap was not asked (the cap
   * on such creates, the budget). Whether one of them also gets a 2xx is not known; empty when all were asked.
   */
  unasked: string[];
  /**
   * Every change of one field, asked at the user's values: the fixes among them (those that keep the user's fields
   * first), the ones refused, and the ones not asked. When there is a fix, removed/added/replaced are its first.
   */
  singles: Singles;
  /** The 1-minimality evidence of replaced (with the user's values elsewhere). */
  valueEvidence: NeededChange[];
  /**
   * Properties of the user's spelt in another letter case that the change renames (its value as given), each with
   * the change's body with the user's spelling back, as answered (refused: the rename is needed).
   */
  renamed: RenamedField[];
  /**
   * For a change of several fields: every one found that gets a 2xx, those that keep every field the user sent
   * first, each with its body as accepted. Empty when a change of one field got a 2xx (`singles.fixes` lists them).
   */
  fixSets: FixSet[];
  /** Every body explain sent that got a verdict, as its fields and those with the user's value (cause-condition.ts). */
  observations: Observation[];
  /** The operation's limits (field and unit): a number a refusal states in that unit is said as the limit. */
  limits?: { field: string; unit: string }[];
  /** The notification URL explain put in a body for want of the user's (its receiver, or the configured one). */
  receiverUrl?: string;
  /** The body with the presence change and every value known-good (with a prediction that held, the user's values), as accepted. */
  presenceAccepted?: Probe;
  /** The body with the smallest change, as accepted (deleted right after). */
  after?: Probe;
  /** For outcomes other than explained and accepted: why, in one sentence. */
  reason?: string;
  /** For `state`: the sentences that name what on the target refused it and what to do (./state-cause.ts). */
  causes?: string[];
  /** For `budget`: a change that got a 2xx but is not shown to be the smallest. */
  partial?: { removed: string[]; added: string[]; replaced: string[] };
  /** For `unstable`: each request that got two different answers, in words. */
  disagreements: string[];
  requests: RequestCount;
  /** The cap explain kept to (the --budget, bounded by MAX_REQUESTS). */
  budget: number;
  /** Subscriptions created and not deleted. */
  cleanupFailures: string[];
}

export interface RequestCount {
  /** Requests put on the wire, retries and deletes included. */
  total: number;
  /** Create requests sent (exchanges, not counting retries). */
  creates: number;
  /** DELETE exchanges for what a create made. */
  deletes: number;
  /** Creates that asked again what was asked before (checks of the conclusion). */
  repeats: number;
  /** Requests before explain's own, in `total` too: the GET that checked the target answers (a configured target). */
  reachability?: number;
}

/** A change of one field (lib/explain/singles.ts asks them all). */
export type SingleChange =
  | { kind: 'add' | 'remove' | 'replace-value'; field: string }
  /** The user's property `from` sent under the operation's name `field` (another letter case), its value as given. */
  | { kind: 'rename'; field: string; from: string }
  /** The user's date-time sent with the zone Z added (lib/explain/zone.ts): the user's instant, read as UTC. */
  | { kind: 'add-zone'; field: string; value: string };

export interface SingleAnswer {
  change: SingleChange;
  probe: Probe;
}

export interface Singles {
  /** Changes that got a 2xx, those that keep every field the user sent first (add, replace a value, then remove). */
  fixes: SingleAnswer[];
  /** Changes that were refused (4xx). */
  refused: SingleAnswer[];
  /** Changes the target gave no verdict on (5xx, no answer after retries): neither a fix nor shown not to be one. */
  noVerdict: SingleAnswer[];
  /** Changes not asked: the cap on such creates, or the budget. Whether they get a 2xx is not known. */
  unasked: SingleChange[];
  /** Changes a hint's report records refused (its matrix, at known-good values), not asked again. */
  byReport: SingleChange[];
  /**
   * Changes not asked because the answers got tell (known-first.ts): each keeps as sent every field of `keeps`, a
   * change that gets a 2xx, each of whose fields alone is refused and put back alone refused again, and every field
   * the refusal names (`named`).
   */
  /** `goodValues`: the 2xx and the refusals it rests on were of bodies with every value known-good. */
  answered: { changes: SingleChange[]; keeps: string[]; named: string[]; goodValues?: true };
}

/** What explain is given (lib/explain/explain.ts). */
export interface ExplainOptions {
  operation: OperationSpec;
  /** The user's body: a JSON object. */
  body: Readonly<Record<string, unknown>>;
  send: (request: RequestSpec) => Promise<Exchange>;
  values: () => ValueContext;
  /** Most requests on the wire, retries and deletes included. */
  budget: number;
  /** Times each check the conclusion rests on is asked in all (REPEATS); 1: never asked again. */
  repeats: number;
  /**
   * Field toggles a recorded report predicts get a 2xx (report-hint.ts), one set per accepted
   * combination as near: one set is asked first, the one that toggles the field the rejection names
   * first when there is one. Only which questions are asked, and in what order, depends on it; the
   * conclusion rests on the answers.
   */
  predicted?: readonly (readonly string[])[];
  /**
   * Bodies known or reported accepted, as sets of fields, likeliest first (ACCEPTED_BODY, the description's
   * acceptedBody and reportedAccepted: lib/presence/known-starts.ts). The change to each is asked after the
   * prediction and before any search, with the user's values for the fields it leaves alone; ddmin then puts
   * back what of the difference is not needed. Only the order of the questions depends on them.
   */
  accepted?: readonly (readonly string[])[];
  /**
   * Given with a recorded report only (report-hint.ts), whose matrix records the body's own combination refused at
   * known-good values: the fields whose toggle alone it records refused too. Neither those changes of one field nor
   * the body with every value known-good are asked; what explain prints says so.
   */
  recordedRefused?: readonly string[];
}

/** What explain saw of one body it sent: its fields, those that carried the user's value, and the verdict. */
export interface Observation {
  present: string[];
  /** Fields whose value is the user's (sent under the field's name, the user's spelling renamed or not). */
  given: string[];
  accepted: boolean;
}
