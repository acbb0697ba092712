import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';

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
 * A token made for this process, for a service of the probe's own (the embedded reference started without
 * ACCESS_TOKEN): random, held as a Secret, so the one that makes it tells its redaction step before anything is sent.
 */
export function madeToken(): Secret {
  return new Secret(`ref-${randomBytes(16).toString('hex')}`);
}
