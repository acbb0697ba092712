import fc from 'fast-check';
import { expect, test } from 'vitest';
import { errorBody, fakeExchange } from '../../test/support/fake-exchange.js';
import { DistinctRefusals } from './distinct-refusals.js';

const FIELDS = ['changeType', 'resource', 'clientState'];
const pydantic = (name: string) => fakeExchange({ status: 422, body: { detail: [{ loc: ['body', name], msg: 'Field required' }] } });

test('28 bodies refused with the same 422 are one deviation, named with its count and first body', () => {
  const refusals = new DistinctRefusals(FIELDS);
  for (let k = 0; k < 28; k += 1)
    refusals.add(k === 0 ? '{}' : '{resource}', [fakeExchange({ status: 422, body: { detail: 'Unprocessable' } })]);
  const judged = refusals.judge('body of the presence matrix');
  expect(judged.verdict).toBe('DEVIATES');
  expect(judged.finding).toMatch(/^1 kind of refusal of a body of the presence matrix breaks spec §7 rule 1, judged once per kind/);
  expect(judged.finding).toContain('422 "Unprocessable" (28 answers, e.g. {resource})');
});

test('kinds are (status, code, message pattern): 400 invalidRequest holds, a 400 with another code and a 422 break it', () => {
  const refusals = new DistinctRefusals(FIELDS);
  refusals.add('{resource}', [
    fakeExchange({ status: 400, body: errorBody('invalidRequest') }),
    fakeExchange({ status: 400, body: errorBody('invalidRequest') }),
  ]);
  refusals.add('{clientState}', [fakeExchange({ status: 400, body: errorBody('badRequest') })]);
  refusals.add('{}', [pydantic('resource')]);
  const judged = refusals.judge('body');
  expect(judged.observed).toMatch(/^3 kinds of refusal: 400 invalidRequest "[^"]*" \(2 answers, e.g. \{resource\}\)/);
  expect(judged.finding).toMatch(/^2 kinds of refusal of a body break spec §7 rule 1/);
  expect(judged.finding).toContain('error.code is "badRequest"');
  expect(judged.finding).toContain('answered 422');
});

test('only refusals that hold the rule, or none at all, are no deviation', () => {
  const holding = new DistinctRefusals(FIELDS);
  holding.add('{resource}', [
    fakeExchange({ status: 400, body: errorBody('invalidRequest') }),
    fakeExchange({ status: 201 }),
    fakeExchange({ status: 413 }),
    fakeExchange({ status: 429 }),
  ]);
  const judged = holding.judge('body');
  expect(judged.verdict).toBe('CONFORMS');
  // A 413 is a refusal about something else, listed; a 429 is no refusal of the body at all.
  expect(judged.observed).toMatch(/^2 kinds of refusal: 400 invalidRequest .*; 413 \(1 answer, e\.g\. \{resource\}\)$/);
  expect(new DistinctRefusals(FIELDS).judge('body')).toMatchObject({ verdict: 'INFORMATIONAL', observed: 'no body was refused' });
});

test('the counts in its sentences are the counts of what was added, for any mix of answers (seeded)', () => {
  const answer = fc.record({
    status: fc.constantFrom(201, 400, 413, 422, 429),
    code: fc.constantFrom('invalidRequest', 'badArgument'),
    field: fc.constantFrom(...FIELDS),
  });
  fc.assert(
    fc.property(fc.array(answer, { maxLength: 40 }), (answers) => {
      const refusals = new DistinctRefusals(FIELDS);
      answers.forEach((a, i) =>
        refusals.add(`{b${String(i).padStart(2, '0')}}`, [
          fakeExchange({ status: a.status, body: { error: { code: a.code, message: `Property '${a.field}' is bad` } } }),
        ]),
      );
      const judged = refusals.judge('body');
      // Independently: refusals are the 4xx but 429; a kind is (status, code), the field being a quoted name.
      const refused = answers.filter((a) => a.status >= 400 && a.status !== 429);
      const kinds = new Map<string, number>();
      for (const a of refused) kinds.set(`${a.status} ${a.code}`, (kinds.get(`${a.status} ${a.code}`) ?? 0) + 1);
      if (refused.length === 0) return judged.observed === 'no body was refused';
      const said = [...(judged.observed ?? '').matchAll(/(\d{3}) (\w+) "[^"]*" \((\d+) answers?/g)].map(
        (m) => [`${m[1]} ${m[2]}`, Number(m[3])] as const,
      );
      const total = Number(/^(\d+) kinds? of refusal/.exec(judged.observed ?? '')?.[1]);
      const breaking = [...kinds.keys()].filter((k) => k !== '400 invalidRequest' && !k.startsWith('413')).length;
      return (
        total === kinds.size &&
        said.length === Math.min(kinds.size, 8) &&
        said.every(([k, n]) => kinds.get(k) === n) &&
        (breaking === 0
          ? judged.verdict === 'CONFORMS'
          : judged.verdict === 'DEVIATES' && Number(/^(\d+) kinds? of refusal/.exec(judged.finding ?? '')?.[1]) === breaking)
      );
    }),
    { seed: 20261125, numRuns: 200 },
  );
});
