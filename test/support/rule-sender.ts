/**
 * For the evidence tests (nothing outside tests imports it): an operation of any fields built in code, and
 * a sender that answers as a rule says, counting what it was sent, without a network.
 */
import { fakeExchange } from './fake-exchange.js';
import type { Exchange } from '../../lib/http/types.js';
import { evaluate, parseExpression } from '../../lib/rule/expression.js';
import type { BodySender } from '../../lib/create/client.js';
import type { OperationSpec } from '../../lib/operation/types.js';

export function syntheticOperation(fields: readonly string[], path = '/subscriptions'): OperationSpec {
  return {
    id: `synthetic-${fields.length}`,
    summary: `${fields.length} fields for the tool's own tests`,
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    fields: fields.map((name) => ({ name, specRef: 'test', good: () => `good-${name}`, classes: [] })),
  };
}

export class RuleSender implements BodySender {
  readonly bodies: Record<string, unknown>[] = [];
  readonly #rule;

  constructor(rule: string) {
    this.#rule = parseExpression(rule);
  }

  sendBody(body: unknown): Promise<Exchange> {
    const parsed = (typeof body === 'string' ? JSON.parse(body) : body) as Record<string, unknown>;
    this.bodies.push(parsed);
    const ok = evaluate(this.#rule, new Set(Object.keys(parsed)));
    return Promise.resolve(
      fakeExchange({ status: ok ? 201 : 400, responseBody: ok ? '{"id":"x"}' : '{"error":{"code":"invalidRequest","message":"no"}}' }),
    );
  }

  undoCreate(): Promise<void> {
    return Promise.resolve();
  }
}
