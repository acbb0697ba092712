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
