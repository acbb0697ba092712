import fc from 'fast-check';
import { expect, test } from 'vitest';
import { errorBody, fakeExchange } from '../../test/support/fake-exchange.js';
import { isClientErrorStatus } from '../http/status.js';
import { checkErrorAnswer, errorBodySummary } from './error-answer.js';

/**
 * An answer a target may give a random body when property 2 holds: the status, and whether the body is
 * the §7 object. A refusal of the body itself (400, 422) then holds rule 1; 404, 409 and 413 speak of
 * something else and may have any body.
 */
const answer = fc
  .record({ status: fc.constantFrom(201, 400, 404, 409, 413), spec: fc.boolean() })
  .filter((a) => a.status !== 400 || a.spec);

// Seeded, so a failure replays: the counts in property 2's sentence are the counts of the checks it summarises.
test('the summary of property 2 counts what its records hold, for any mix of answers', () => {
  fc.assert(
    fc.property(fc.array(answer, { maxLength: 30 }), (answers) => {
      const exchanges = answers.map((a) =>
        fakeExchange({
          status: a.status,
          body: a.spec ? errorBody('invalidRequest') : { detail: [{ loc: ['body', 'resource'], msg: 'field required' }] },
        }),
      );
      const checks = exchanges.map(checkErrorAnswer);
      const holds = checks.filter((c) => c.kind === 'holds').length;
      const noted = checks.filter((c) => c.kind === 'holds' && c.note !== undefined).length;
      const rejected = exchanges.filter((e) => isClientErrorStatus(e.status)).length;
      const text = errorBodySummary(holds, noted, rejected, answers.length);
      // Independently: a 4xx has the object when its body is the §7 object.
      const withObject = answers.filter((a) => isClientErrorStatus(a.status) && a.spec).length;
      const without = answers.filter((a) => isClientErrorStatus(a.status) && !a.spec).length;
      if (rejected === 0) return /^no random body was answered 4xx/.test(text);
      const said = /^every one of (\d+) 4xx/.exec(text) ?? /^(\d+) of \d+ 4xx/.exec(text);
      const saidWithout = /; (\d+) 4xx about something else than the body \(413, 415, \.\.\.\) had another body/.exec(text)?.[1];
      return (
        Number(said?.[1]) === (without === 0 ? rejected : withObject) &&
        Number(saidWithout ?? 0) === without &&
        (without === 0) === text.startsWith('every one')
      );
    }),
    { seed: 424242, numRuns: 300 },
  );
});

test("a framework's 422 breaks property 2, with or without the §7 object: a refused body gets 400", () => {
  const pydantic = fakeExchange({ status: 422, body: { detail: [{ loc: ['body', 'resource'], msg: 'field required' }] } });
  const specShaped = fakeExchange({ status: 422, body: errorBody('invalidRequest') });
  for (const exchange of [pydantic, specShaped]) {
    expect(checkErrorAnswer(exchange)).toMatchObject({
      kind: 'violated',
      problem: expect.stringMatching(/^422 breaks spec §7 rule 1: answered 422, where spec §7 rule 1 gives 400/),
    });
  }
});

test('fourteen 413 answers without the §7 object are not summarised as having it', () => {
  expect(errorBodySummary(14, 14, 14, 20)).toBe(
    '0 of 14 4xx answers had the §7 error object (each 400 with error.code invalidRequest); 14 4xx about something else than the body (413, 415, ...) had another body, recorded only (spec §7 rule 3 leaves them open)',
  );
});
