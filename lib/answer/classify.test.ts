import { expect, test } from 'vitest';
import { fakeExchange } from '../http/test-exchange.js';
import { inferPresence } from '../inference/infer-presence.js';
import { combinations } from '../rule/field-set.js';
import { classifyAnswer, foldRepeats } from './classify.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource', 'clientState'];

/** A FastAPI target: resource required, clientState forbidden, each refused with pydantic's default 422. */
function fastApiAnswer(present: readonly string[]) {
  const detail = [
    ...(present.includes('resource') ? [] : [{ type: 'missing', loc: ['body', 'resource'], msg: 'Field required', input: {} }]),
    ...(present.includes('clientState')
      ? [{ type: 'extra_forbidden', loc: ['body', 'clientState'], msg: 'Extra inputs are not permitted', input: 'x' }]
      : []),
  ];
  return detail.length === 0 ? fakeExchange({ status: 201, body: { id: '1' } }) : fakeExchange({ status: 422, body: { detail } });
}

test("a framework's 422 list groups its rejections by what they say and names the properties, as the spec's error message would", () => {
  const observations = combinations(FIELDS).map((present) => foldRepeats(present, [classifyAnswer(fastApiAnswer(present))]));
  const groups = inferPresence(FIELDS, observations).rejectionGroups;

  expect(groups.map((g) => [g.status, g.messagePattern, g.combinations.length])).toEqual([
    [422, "'<field>': Extra inputs are not permitted", 4],
    [422, "'<field>': Field required", 4],
    [422, "'<field>': Field required; '<field>': Extra inputs are not permitted", 4],
  ]);
  expect(groups[0]?.summary).toContain("the message names the property 'clientState'");
  expect(groups[1]?.summary).toContain("the message names the property 'resource'");
  expect(groups[2]?.summary).toContain("the messages name the properties 'resource' and 'clientState'");
});

test('a 422 in no known shape has no message and names nothing', () => {
  const answer = classifyAnswer(fakeExchange({ status: 422, body: { detail: 'Unprocessable' } }));
  expect(answer).toEqual({ outcome: 'rejected', status: 422 });
});

test("the spec's error object keeps its own message; details' targets are names besides", () => {
  const answer = classifyAnswer(
    fakeExchange({
      status: 400,
      body: { error: { code: 'invalidRequest', message: 'Invalid request', details: [{ target: 'resource', message: 'not allowed' }] } },
    }),
  );
  expect(answer).toEqual({
    outcome: 'rejected',
    status: 400,
    errorCode: 'invalidRequest',
    errorMessage: 'Invalid request',
    errorNames: ['resource'],
  });
});
