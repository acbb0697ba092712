/**
 * Error messages normalised so that refusals that say the same thing of different fields fall in one group:
 * "must have required property 'resource'" and "must have required property 'changeType'" are one kind of
 * refusal. The operation's fields, wherever the message names them as words (quoted or bare, any case:
 * lib/error-body/field-names.ts), become `<field>`; digit runs become <n>; whitespace is collapsed. A message
 * of several sentences (lib/error-body joins them with `; `) keeps each kind of sentence once, in order, so a
 * list that says the same thing of two fields is the same kind as one that says it of one. The values the request
 * sent (`sent`, ./mask-values.ts), where the message repeats them, become `<value>` first, so the same refusal of
 * different values is one kind.
 */
import { fieldsInText, fieldsNamed, maskFields } from '../error-body/field-names.js';
import { maskValues } from './mask-values.js';
import type { Observation } from './types.js';

export function messagePattern(message: string, fields: readonly string[], sent: readonly string[] = []): string {
  // Each inference reads every answer's message again (about six times each in a run): the masking regexes are the cost.
  const key = `${fields.join('\u0000')}\u0001${sent.join('\u0000')}\u0001${message}`;
  // A long message or value is not kept, so that what is kept stays small whatever a target sends.
  if (key.length > MAX_KEY_LENGTH) return patternOf(message, fields, sent);
  const known = patterns.get(key);
  if (known !== undefined) return known;
  const pattern = patternOf(message, fields, sent);
  if (patterns.size >= MAX_PATTERNS) patterns.clear();
  patterns.set(key, pattern);
  return pattern;
}

const patterns = new Map<string, string>();
// A few hundred messages in a run; a hostile target's endless variety is bounded, and only costs the masking again.
const MAX_PATTERNS = 4096;
const MAX_KEY_LENGTH = 4096;

function patternOf(message: string, fields: readonly string[], sent: readonly string[]): string {
  const sentences = maskFields(maskValues(message, sent, fields), fields)
    .replace(/\d+/g, '<n>')
    .replace(/\s+/g, ' ')
    .split('; ')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return [...new Set(sentences)].join('; ');
}

/** Fields the message names as words (quoted first), spelt as in `fields`, in order of first mention. */
export function namedFields(message: string, fields: readonly string[]): string[] {
  return fieldsInText(message, fields);
}

/**
 * The operation's fields an error names, in the fields' order: by its structure (`errorNames`: a pydantic
 * `loc`, an `errors` map's key, matched without regard to case) or in its message.
 */
export function namedInError(observation: Pick<Observation, 'errorMessage' | 'errorNames'>, fields: readonly string[]): string[] {
  return fieldsNamed({ message: observation.errorMessage, names: observation.errorNames }, fields);
}
