/**
 * Synthetic operations and ground-truth rules for the tool's own tests: an operation with n
 * string fields that the reference service serves as a rule profile, and random rules, either
 * arbitrary truth tables or built from roles and IDL dependencies.
 */
import fc from 'fast-check';
import { HttpEngine } from '../../lib/http/engine.js';
import { OperationClient } from '../../lib/create/client.js';
import { subscriptionCreate } from '../../lib/operation/index.js';
import type { OperationSpec, ValueContext } from '../../lib/operation/types.js';
import { Secret } from '../../lib/secret.js';
import { FAST_ENGINE_OPTIONS } from './fast-settings.js';

export function syntheticOperation(n: number): OperationSpec {
  return {
    ...subscriptionCreate,
    id: `synthetic-${n}`,
    fields: Array.from({ length: n }, (_, i) => ({ name: `f${i}`, specRef: 'test', good: () => `v${i}`, classes: [] })),
  };
}

let unique = 0;
export const values = (): ValueContext => ({ now: new Date(), notificationUrl: 'http://127.0.0.1:9/n', unique: String((unique += 1)) });

/** An engine that is fast on loopback but keeps every bound of the real one. */
export function loopbackEngine(
  baseUrl: string,
  token: string,
  overrides: Partial<ConstructorParameters<typeof HttpEngine>[0]> = {},
): HttpEngine {
  return new HttpEngine({
    baseUrl,
    token: new Secret(token),
    requestTimeoutMs: 5_000,
    ...FAST_ENGINE_OPTIONS,
    maxRequests: 500_000,
    maxRunTimeMs: 15 * 60_000,
    maxRetries: 4,
    defaultRetryAfterMs: 1_000,
    maxRetryAfterMs: 5_000,
    maxRecordedBodyBytes: 4_096,
    ...overrides,
  });
}

export function clientFor(engine: HttpEngine, operation: OperationSpec): OperationClient {
  return new OperationClient((request) => engine.send(request), operation);
}

const group = (fields: string[], size: number): fc.Arbitrary<string[]> =>
  fc.shuffledSubarray(fields, { minLength: 2, maxLength: Math.min(size, fields.length) });

/** A rule built from a role per field and up to three IDL dependencies, as an expression. */
export function idlRule(fields: string[]): fc.Arbitrary<string> {
  const role = fc.constantFrom('required', 'forbidden', 'optional', 'optional', 'free');
  const dependency = fc.oneof(
    fc
      .tuple(fc.constantFrom(...fields), fc.constantFrom(...fields))
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => `(!${a} || ${b})`),
    group(fields, 4).map(
      (g) =>
        `(${g
          .map((f) => [f, ...g.filter((o) => o !== f).map((o) => `!${o}`)].join(' && '))
          .map((t) => `(${t})`)
          .join(' || ')})`,
    ),
    group(fields, 4).map((g) => `((${g.join(' && ')}) || (${g.map((f) => `!${f}`).join(' && ')}))`),
    group(fields, 4).map((g) => `!(${g.flatMap((a, i) => g.slice(i + 1).map((b) => `(${a} && ${b})`)).join(' || ')})`),
    group(fields, 4).map((g) => `(${g.join(' || ')})`),
  );
  return fc
    .tuple(fc.array(role, { minLength: fields.length, maxLength: fields.length }), fc.array(dependency, { maxLength: 3 }))
    .map(([roles, deps]) => {
      const parts = roles.flatMap((r, i) =>
        r === 'required' ? [fields[i] as string] : r === 'forbidden' ? [`!${fields[i] as string}`] : [],
      );
      const all = [...parts, ...deps];
      return all.length === 0 ? 'true' : all.join(' && ');
    });
}

/** An arbitrary boolean function of the fields, written as a sum of minterms. */
export function arbitraryRule(fields: string[]): fc.Arbitrary<string> {
  return fc.array(fc.boolean(), { minLength: 2 ** fields.length, maxLength: 2 ** fields.length }).map((table) => {
    const terms = table.flatMap((ok, mask) => (ok ? [`(${fields.map((f, i) => ((mask >> i) & 1 ? f : `!${f}`)).join(' && ')})`] : []));
    return terms.length === 0 ? 'false' : terms.join(' || ');
  });
}
