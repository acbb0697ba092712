/** What a protocol check concludes about one answer: the verdict and its words, ready for a CaseRecord. */
import type { Exchange } from '../http/types.js';
import type { Verdict } from '../outcome.js';
import type { RefusalKind } from './refusal-kind.js';

export interface Judgement {
  verdict: Verdict;
  /** The part of the spec the verdict rests on (`open: ...` for INFORMATIONAL). */
  specRef: string;
  expected?: string;
  observed: string;
  /** Plain words for INFORMATIONAL and DEVIATES. */
  finding?: string;
  /**
   * For a DEVIATES because a refusal breaks spec §7 rule 1: the answers that did, whose kinds the run judges once
   * (./once-per-kind.ts); the case's edge turns them into `refusalKinds` before the record leaves the worker.
   */
  ruleOneBroken?: readonly Exchange[];
  /** The same, already as kinds (a case that judges the refusals of many bodies keeps kinds, not answers). */
  refusalKinds?: RefusalKind[];
}

/** ERROR: no answer to judge (harness or network trouble, never the target's verdict). */
export function noAnswer(specRef: string, observed: string, expected?: string): Judgement {
  return {
    verdict: 'ERROR',
    specRef,
    observed,
    ...(expected !== undefined ? { expected } : {}),
    finding: 'no answer from the target to judge',
  };
}
