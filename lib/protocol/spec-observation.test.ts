import { expect, test } from 'vitest';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import { judgeReportedAccepted } from './spec-observation.js';

const FIELDS = ['notificationUrl', 'expirationDateTime', 'clientState'];
const answer = (status: number, code: string) =>
  fakeExchange({
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: JSON.stringify({ error: { code, message: 'm' } }),
  });

test('observation 2 refused with a broken §7 error: the headline is the rule it breaks, not the status', () => {
  const judged = judgeReportedAccepted(FIELDS, answer(400, 'BadRequest'));
  expect(judged.verdict).toBe('DEVIATES');
  expect(judged.finding).toMatch(/^the refusal of notificationUrl, expirationDateTime, clientState \(400\) breaks spec §7 rule 1: /);
  expect(judged.finding).toMatch(/the spec reports this body accepted$/);
});

test('observation 2 refused as §7 rule 1 says, or accepted: recorded, the status first', () => {
  expect(judgeReportedAccepted(FIELDS, answer(400, 'invalidRequest'))).toMatchObject({
    verdict: 'INFORMATIONAL',
    finding: 'notificationUrl, expirationDateTime, clientState answered 400, not accepted as the spec reports',
  });
  expect(judgeReportedAccepted(FIELDS, fakeExchange({ status: 201 }))).toMatchObject({
    verdict: 'INFORMATIONAL',
    finding: 'notificationUrl, expirationDateTime, clientState accepted (201), as the spec reports',
  });
});
