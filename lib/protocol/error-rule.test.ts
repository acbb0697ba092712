import { describe, expect, test } from 'vitest';
import { errorBody, fakeExchange } from '../http/test-exchange.js';
import { DistinctRefusals } from './distinct-refusals.js';
import { checkRefusalRule, codeProblem } from './error-rule.js';

const refusal = (code: string): ReturnType<typeof fakeExchange> => fakeExchange({ status: 400, responseBody: errorBody(code) });

describe('spec §7 rule 1 on the code of a 400', () => {
  test('invalidRequest holds', () => {
    expect(checkRefusalRule(refusal('invalidRequest'))).toEqual({ holds: true, problems: [] });
  });

  test('a code that differs only in letter case deviates, and is said to be exactly that', () => {
    for (const code of ['InvalidRequest', 'INVALIDREQUEST', 'invalidrequest']) {
      const check = checkRefusalRule(refusal(code));
      expect(check?.holds).toBe(false);
      expect(check?.problems).toEqual([
        `error.code is "${code}", which differs from "invalidRequest" only in letter case (spec §7 rule 1; a client that compares codes exactly does not recognise it)`,
      ]);
    }
  });

  test('another code is named as another code, not as a letter-case difference', () => {
    expect(codeProblem('invalid_request')).toBe('error.code is "invalid_request", not "invalidRequest" (spec §7 rule 1)');
    expect(codeProblem('badArgument')).toBe('error.code is "badArgument", not "invalidRequest" (spec §7 rule 1)');
  });
});

test('the refusals judged once per kind say it beside the deviation: DEVIATES, naming the letter case', () => {
  const refusals = new DistinctRefusals(['resource', 'changeType']);
  refusals.add('{resource}', [refusal('InvalidRequest'), refusal('InvalidRequest')]);
  const judgement = refusals.judge('combination');
  expect(judgement.verdict).toBe('DEVIATES');
  expect(judgement.finding).toContain('error.code is "InvalidRequest", which differs from "invalidRequest" only in letter case');
});
