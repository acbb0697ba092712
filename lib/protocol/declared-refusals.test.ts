import { afterEach, expect, test } from 'vitest';
import type { RefusalsDescription } from '../operation/types.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import { checkDeclaredRefusal } from './declared-refusals.js';
import { checkRefusalRule, judgeRefusalsBy, ruleWords } from './error-rule.js';

const PROBLEM = {
  type: 'object',
  required: ['type', 'title', 'status'],
  properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' } },
};
const refusals: RefusalsDescription = {
  source: 'createTask in Tracker API',
  responses: [
    { status: '400', media: ['application/problem+json'], schema: PROBLEM },
    { status: '4XX', media: [] },
  ],
};
const problem = { type: 'https://t.example/400', title: 'Invalid body', status: 400 };
const answer = (status: number, body: unknown, type = 'application/problem+json') =>
  fakeExchange({ status, responseHeaders: { 'content-type': `${type}; charset=utf-8` }, body });

afterEach(() => judgeRefusalsBy(undefined));

test('a declared status, media type and body holds; each way off it is said', () => {
  expect(checkDeclaredRefusal(answer(400, problem), refusals)).toEqual({ holds: true, problems: [] });
  expect(checkDeclaredRefusal(answer(400, { message: 'no' }, 'application/json'), refusals).problems).toEqual([
    'content-type application/json, where application/problem+json is declared for 400',
    "(body): must have required property 'type'",
    "(body): must have required property 'title'",
    "(body): must have required property 'status'",
  ]);
  expect(checkDeclaredRefusal(answer(400, 'not json'), refusals).problems).toEqual([
    "the answer's body is not JSON, where a JSON body is declared for 400",
  ]);
  // 422 falls to 4XX, which declares no body: any body holds it.
  expect(checkDeclaredRefusal(answer(422, 'anything', 'text/plain'), refusals).holds).toBe(true);
  const only400 = { ...refusals, responses: refusals.responses.slice(0, 1) };
  expect(checkDeclaredRefusal(answer(422, problem), only400).problems).toEqual([
    'answered 422, a status not declared for createTask in Tracker API (declared: 400)',
  ]);
});

test('a schema the document gives that does not compile judges nothing; status and media type still do', () => {
  const broken = { ...refusals, responses: [{ status: '400', media: ['application/problem+json'], schema: { $ref: '#/nowhere' } }] };
  expect(checkDeclaredRefusal(answer(400, { any: 1 }), broken).holds).toBe(true);
  expect(checkDeclaredRefusal(answer(400, { any: 1 }, 'text/html'), broken).holds).toBe(false);
});

test("with the document's refusals set, every judge of a refused body reads them and cites them, not spec §7", () => {
  const refused = answer(400, problem);
  expect(checkRefusalRule(refused)?.holds).toBe(false);
  expect(ruleWords().cite).toBe('spec §7 rule 1');
  judgeRefusalsBy(refusals);
  expect(checkRefusalRule(refused)).toEqual({ holds: true, problems: [] });
  expect(ruleWords()).toMatchObject({ cite: 'the refusals declared for createTask in Tracker API', declared: true });
  // A status about something else than the body is still not judged.
  expect(checkRefusalRule(answer(409, { message: 'exists' }, 'application/json'))).toBeUndefined();
});
