import { expect, test } from 'vitest';
import { askAnswerOf } from './ask-value.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];

test('the same refusal of three values is one kind, and each shows the message as the target sent it', () => {
  const values = ['abc', 'not-a-state!', 'hello world'];
  const answers = values.map((clientState) =>
    askAnswerOf(
      fakeExchange({
        status: 400,
        requestBody: JSON.stringify({ changeType: 'updated', clientState }),
        body: { error: { code: 'invalidRequest', message: `The value '${clientState}' is not valid for clientState` } },
      }),
      'clientState',
      FIELDS,
    ),
  );
  const kinds = answers.map((a) => (a.outcome === 'rejected' ? a.kind.key : a.outcome));
  expect(new Set(kinds).size).toBe(1);
  expect(answers.map((a) => (a.outcome === 'rejected' ? a.shown : ''))).toEqual(
    values.map((v) => `400 invalidRequest ${JSON.stringify(`The value '${v}' is not valid for clientState`)}`),
  );
  expect(answers.every((a) => a.outcome === 'rejected' && a.namesField)).toBe(true);
});
