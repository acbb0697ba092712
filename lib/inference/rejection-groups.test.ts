import { expect, test } from 'vitest';
import { inferPresence } from './infer-presence.js';
import { observe } from '../../test/support/observe.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource'];

test('one group per (status, code, message pattern), each with its expression and a summary in plain words', () => {
  const observations = observe(FIELDS, 'notificationUrl && !resource', (present) =>
    present.includes('resource')
      ? { status: 400, errorCode: 'invalidRequest', errorMessage: "Property 'resource' is not allowed" }
      : { status: 400, errorCode: 'invalidRequest', errorMessage: 'notificationUrl is required' },
  );

  const groups = inferPresence(FIELDS, observations).rejectionGroups;

  expect(groups.map(({ combinations, ...rest }) => ({ ...rest, count: combinations.length }))).toEqual([
    {
      status: 400,
      errorCode: 'invalidRequest',
      messagePattern: "Property '<field>' is not allowed",
      explanation: 'resource',
      summary: "400 invalidRequest when resource is present (4 combinations); the message names the property 'resource'",
      namedFields: ['resource'],
      count: 4,
    },
    {
      status: 400,
      errorCode: 'invalidRequest',
      messagePattern: '<field> is required',
      explanation: '!notificationUrl && !resource',
      summary:
        "400 invalidRequest when notificationUrl and resource are absent (2 combinations); the message names the property 'notificationUrl'",
      namedFields: ['notificationUrl'],
      count: 2,
    },
  ]);
});

test('a group without error code or message, over every rejected combination', () => {
  const groups = inferPresence(
    ['a'],
    [
      { present: [], outcome: 'rejected', status: 422 },
      { present: ['a'], outcome: 'accepted', status: 201 },
    ],
  ).rejectionGroups;

  expect(groups).toEqual([
    {
      status: 422,
      errorCode: undefined,
      messagePattern: undefined,
      combinations: [[]],
      explanation: '!a',
      summary: '422 when a is absent (1 combination)',
    },
  ]);
});

test('"must have required property X" for different X is one kind of refusal, with its fields listed', () => {
  const observations = observe(FIELDS, 'changeType && notificationUrl', (present) => {
    const missing = ['changeType', 'notificationUrl'].find((f) => !present.includes(f)) ?? '';
    return { status: 400, errorCode: 'FST_ERR_VALIDATION', errorMessage: `body must have required property '${missing}'` };
  });

  const groups = inferPresence(FIELDS, observations).rejectionGroups;

  expect(groups.map((g) => [g.messagePattern, g.namedFields, g.combinations.length])).toEqual([
    ["body must have required property '<field>'", ['changeType', 'notificationUrl'], 6],
  ]);
});

test('present and absent fields in one term are both put in words', () => {
  const [group] = inferPresence(['a', 'b'], observe(['a', 'b'], '!(a && !b)')).rejectionGroups;
  expect(group?.summary).toBe('400 invalidRequest when a is present and b is absent (1 combination)');
});
