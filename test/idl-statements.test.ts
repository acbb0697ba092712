/**
 * The IDL the inference writes, read back by a reader of IDL's grammar apart from the writer (./support/read-idl.ts):
 * with the roles (required fields present, forbidden ones absent) the statements must accept exactly what the rule
 * accepts, on every combination, for random rules of up to 6 fields and for every profile of the reference; with
 * unknown combinations, exactly the answers given, and no statement may forbid a combination that was not refused.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { readIdl } from './support/read-idl.js';
import { inferPresence } from '../lib/inference/infer-presence.js';
import type { Observation, PresenceInference } from '../lib/inference/types.js';
import { shippedOperation, subscriptionCreate } from '../lib/operation/index.js';
import { combinations } from '../lib/rule/field-set.js';
import { PROFILES } from '../reference/index.js';
import { validateCreateBody } from '../reference/validate-body.js';

const NAMES = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState', 'f5'];
const NOW = Date.parse('2026-11-27T12:00:00.000Z');

/** What roles and IDL statements together accept: the statements as the reader reads their text. */
function idlAccepts(fields: readonly string[], inference: PresenceInference): (present: readonly string[]) => boolean {
  const statements = inference.rule.dependencies.map((d) => readIdl(d.text));
  const withRole = (role: string): string[] => fields.filter((f) => inference.roles?.[f]?.presence === role);
  const required = withRole('required');
  const forbidden = withRole('forbidden');
  return (present) => {
    const set = new Set(present);
    return required.every((f) => set.has(f)) && forbidden.every((f) => !set.has(f)) && statements.every((s) => s(set));
  };
}

const answer = (present: string[], ok: boolean): Observation =>
  ok ? { present, outcome: 'accepted', status: 201 } : { present, outcome: 'rejected', status: 400, errorCode: 'invalidRequest' };

/** n fields (1..6) and, for each combination, accepted, rejected or (with unknowns) no usable answer. */
const table = (withUnknowns: boolean) =>
  fc.integer({ min: 1, max: 6 }).chain((n) =>
    fc
      .array(withUnknowns ? fc.constantFrom<boolean | undefined>(true, false, undefined) : fc.boolean(), {
        minLength: 2 ** n,
        maxLength: 2 ** n,
      })
      .map((cells) => ({ fields: NAMES.slice(0, n), cells })),
  );

describe('the rule in IDL, read back', () => {
  test('random complete tables of up to 6 fields: roles and IDL accept exactly what the rule accepts', () => {
    let compound = 0;
    fc.assert(
      fc.property(table(false), ({ fields, cells }) => {
        const observations = combinations(fields).map((present, mask) => answer(present, cells[mask] === true));
        const inference = inferPresence(fields, observations);
        if (inference.roles === undefined) return;
        const accepts = idlAccepts(fields, inference);
        expect(combinations(fields).map((present) => accepts(present))).toEqual(cells);
        expect(inference.rule.dependenciesExact).toBe(true);
        if (inference.rule.dependencies.some((d) => d.kind === 'IfThen')) compound += 1;
      }),
      { seed: 20_260_301, numRuns: 300 },
    );
    // The compound form was exercised, not only the group kinds.
    expect(compound).toBeGreaterThan(30);
  });

  test('random tables with unknown combinations: the answers given, and no statement forbids what was not refused', () => {
    fc.assert(
      fc.property(table(true), ({ fields, cells }) => {
        const observations = combinations(fields).flatMap((present, mask) => {
          const ok = cells[mask];
          return ok === undefined ? [] : [answer(present, ok)];
        });
        const inference = inferPresence(fields, observations);
        if (inference.roles === undefined) return;
        const accepts = idlAccepts(fields, inference);
        const all = combinations(fields);
        expect(all.map((present, mask) => (cells[mask] === undefined ? undefined : accepts(present)))).toEqual(cells);
        for (const d of inference.rule.dependencies) {
          const statement = readIdl(d.text);
          const forbids = all.flatMap((present, mask) => (statement(new Set(present)) ? [] : [mask]));
          expect(
            forbids.filter((mask) => cells[mask] !== false),
            d.text,
          ).toEqual([]);
        }
      }),
      { seed: 77, numRuns: 300 },
    );
  });
});

describe.each(Object.keys(PROFILES))('profile %s: its rule in IDL', (name) => {
  test('roles and IDL accept exactly what the profile accepts', () => {
    const profile = PROFILES[name];
    if (profile === undefined) throw new Error(name);
    const operation = name === 'graph-v1-rules' ? shippedOperation('operations/graph-subscription-v1.json') : subscriptionCreate;
    const fields = operation.fields.map((f) => f.name);
    const ctx = { now: new Date(NOW), notificationUrl: 'https://receiver.example.com/notify', unique: 'u1' };
    const observations = combinations(fields).map((present): Observation => {
      const body = Object.fromEntries(present.map((field) => [field, operation.fields.find((f) => f.name === field)?.good(ctx)]));
      return answer(present, validateCreateBody(profile, body, NOW).ok);
    });
    const inference = inferPresence(fields, observations);
    if (inference.roles === undefined) {
      expect(observations.every((o) => o.outcome === 'rejected')).toBe(true);
      return;
    }
    const accepts = idlAccepts(fields, inference);
    const wrong = observations.filter((o) => accepts(o.present) !== (o.outcome === 'accepted')).map((o) => o.present.join('+'));
    expect(wrong, inference.rule.dependencies.map((d) => d.text).join(' ')).toEqual([]);
    expect(inference.rule.dependenciesExact).toBe(true);
  });
});
