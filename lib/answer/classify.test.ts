import { expect, test } from 'vitest';
import { fakeExchange } from '../../test/support/fake-exchange.js';
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

test('a bare detail is the message; a body that says nothing gives none', () => {
  expect(classifyAnswer(fakeExchange({ status: 422, body: { detail: 'Unprocessable' } }))).toEqual({
    outcome: 'rejected',
    status: 422,
    errorMessage: 'Unprocessable',
  });
  expect(classifyAnswer(fakeExchange({ status: 422, body: { status: 422 } }))).toEqual({ outcome: 'rejected', status: 422 });
});

test("a text body is read as text: its words are the message (never a JSON parser's complaint)", () => {
  const answer = classifyAnswer(
    fakeExchange({
      status: 400,
      responseHeaders: { 'content-type': 'text/plain' },
      responseBody: 'resource is required when changeType is given\n',
    }),
  );
  expect(answer).toEqual({ outcome: 'rejected', status: 400, errorMessage: 'resource is required when changeType is given' });
});

test("Fastify's, NestJS's and Prism's defaults keep their code and message", () => {
  const read = (status: number, body: unknown) => classifyAnswer(fakeExchange({ status, body }));
  expect(
    read(400, {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: "body must have required property 'resource'",
    }),
  ).toMatchObject({
    errorCode: 'FST_ERR_VALIDATION',
    errorMessage: "body must have required property 'resource'",
  });
  expect(read(400, { message: ['property resource should not exist'], error: 'Bad Request', statusCode: 400 })).toMatchObject({
    errorCode: 'Bad Request',
    errorMessage: 'property resource should not exist',
  });
  expect(
    read(422, {
      title: 'Invalid request',
      status: 422,
      validation: [{ location: ['body', 'clientState'], code: 'maxLength', message: 'too long' }],
    }),
  ).toMatchObject({ errorCode: 'Invalid request', errorMessage: "'clientState': too long", errorNames: ['clientState'] });
});

test("the spec's error object keeps its own message, then its details; details' targets are names", () => {
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
    errorMessage: "Invalid request; 'resource': not allowed",
    errorNames: ['resource'],
  });
});
