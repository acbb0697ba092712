/**
 * The worker's side of the token broker (broker.ts): a BearerSource for the engine that asks the main
 * process for the current token, keeps it until the main process would renew it, and passes a 401
 * invalid_token on. Every token it was given is in secrets(), so that the worker's records are scrubbed.
 */
import { type Bearer, type BearerSource } from '../http/bearer.js';
import { Secret } from '../secret.js';
import { runRedactor } from '../redaction/run-redactor.js';
import { BROKER_KEY_HEADER, type TokenBrokerAddress } from './broker.js';
import { BearerUnavailableError } from '../errors.js';

const CALL_TIMEOUT_MS = 60_000;

interface Answer {
  token: string;
  generation: number;
  freshUntilMs: number;
}

export class TokenBrokerClient implements BearerSource {
  readonly #address: TokenBrokerAddress;
  readonly #tokens: Secret[] = [];
  #held: { bearer: Bearer; freshUntilMs: number } | undefined;
  #pending: Promise<Bearer> | undefined;

  constructor(address: TokenBrokerAddress) {
    this.#address = address;
  }

  current(): Promise<Bearer> {
    const held = this.#held;
    if (held !== undefined && Date.now() < held.freshUntilMs) return Promise.resolve(held.bearer);
    this.#pending ??= this.#call('GET', '/token').then(
      (bearer) => {
        this.#pending = undefined;
        if (bearer === undefined) throw new BearerUnavailableError('token: the token broker gave no token');
        return bearer;
      },
      (error: unknown) => {
        this.#pending = undefined;
        throw error;
      },
    );
    return this.#pending;
  }

  async refused(generation: number): Promise<Bearer | undefined> {
    return this.#call('POST', `/token/refused?generation=${generation}`);
  }

  secrets(): readonly Secret[] {
    return [...this.#tokens];
  }

  async #call(method: string, path: string): Promise<Bearer | undefined> {
    let response: Response;
    try {
      response = await fetch(`${this.#address.url}${path}`, {
        method,
        headers: { [BROKER_KEY_HEADER]: this.#address.key },
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch {
      throw new BearerUnavailableError('token: the token broker of this run did not answer');
    }
    const text = await response.text();
    if (response.status === 204) return undefined;
    if (!response.ok) {
      let message = `token: the token broker answered HTTP ${response.status}`;
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? message;
      } catch {
        // not JSON: keep the status line
      }
      throw new BearerUnavailableError(message);
    }
    let answer: Answer;
    try {
      answer = JSON.parse(text) as Answer;
    } catch {
      throw new BearerUnavailableError('token: the token broker gave an answer that is not JSON');
    }
    if (typeof answer.token !== 'string' || !Number.isInteger(answer.generation) || typeof answer.freshUntilMs !== 'number') {
      throw new BearerUnavailableError('token: the token broker gave an answer without a token');
    }
    let token = this.#tokens.find((t) => t.reveal() === answer.token);
    if (token === undefined) {
      token = new Secret(answer.token);
      this.#tokens.push(token);
      runRedactor().add(token); // this worker thread's redaction step (the engine adds it to its own too)
    }
    const bearer: Bearer = { token, generation: answer.generation };
    if (this.#held === undefined || answer.generation >= this.#held.bearer.generation)
      this.#held = { bearer, freshUntilMs: answer.freshUntilMs };
    return bearer;
  }
}
