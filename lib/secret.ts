import { inspect } from 'node:util';
import { Redactor } from './redaction/redactor.js';

const REDACTED = '[redacted]';

/**
 * Holds the access token so that no accidental string conversion can leak it:
 * template strings, JSON.stringify, console.log and util.inspect all print
 * "[redacted]". Only `reveal()` gives the value, and only the HTTP engine calls it.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  get isEmpty(): boolean {
    return this.#value.length === 0;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}

/**
 * Replaces the secret in a text (for error messages from third parties), in every spelling and every
 * fragment of 8 characters or more: the one redaction step (lib/redaction/redactor.ts) for one secret.
 */
export function scrub(text: string, secret: Secret | undefined): string {
  if (secret === undefined || secret.isEmpty) return text;
  return Redactor.of(secret).redact(text);
}
