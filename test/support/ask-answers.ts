/** Answers as the settling reads them (lib/values/settle.ts), for the unit tests of the asks that settle a body. */
import { kindOf } from '../../lib/protocol/refusal-kind.js';
import type { AskAnswer, Rejected } from '../../lib/values/settle.js';

export const ok: AskAnswer = { outcome: 'accepted' };
/** A refusal of the value: it names the field. */
export const tooLong: Rejected = {
  outcome: 'rejected',
  kind: kindOf(400, 'invalidRequest', '<field> is too long'),
  namesField: true,
  shown: '400 invalidRequest "clientState is too long"',
};
/** A refusal about nothing in the body. */
export const backend: Rejected = {
  outcome: 'rejected',
  kind: kindOf(400, 'invalidRequest', 'Operation: Create; the backend did not answer'),
  namesField: false,
  shown: '400 invalidRequest "Operation: Create; the backend did not answer"',
};
/** Another refusal about nothing in the body. */
export const busy: Rejected = {
  outcome: 'rejected',
  kind: kindOf(400, 'busy', 'Try again'),
  namesField: false,
  shown: '400 busy "Try again"',
};
/** No verdict of the target. */
export const none: AskAnswer = { outcome: 'unknown' };
