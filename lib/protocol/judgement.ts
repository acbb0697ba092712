/** What a protocol check concludes about one answer: the verdict and its words, ready for a CaseRecord. */
import type { Verdict } from '../outcome.js';

export interface Judgement {
  verdict: Verdict;
  /** The part of the spec the verdict rests on (`open: ...` for INFORMATIONAL). */
  specRef: string;
  expected?: string;
  observed: string;
  /** Plain words for INFORMATIONAL and DEVIATES. */
  finding?: string;
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
