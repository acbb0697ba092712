/** The fields a refusal names, as explain follows them. */
import { namedFields, namedInError } from '../inference/message-pattern.js';
import type { Probe } from './types.js';

/** Fields a rejection names: by its structure (a pydantic `loc`, a ProblemDetails key), then in its message (quoted first). */
export function namesIn(probe: Probe, fields: readonly string[]): string[] {
  const structured = namedInError({ ...(probe.answer.errorNames === undefined ? {} : { errorNames: probe.answer.errorNames }) }, fields);
  const inText = namedFields(probe.answer.errorMessage ?? '', fields);
  return [...structured, ...inText.filter((f) => !structured.includes(f))];
}
