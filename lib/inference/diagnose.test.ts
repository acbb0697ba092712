import { describe, expect, test } from 'vitest';
import { diagnose } from './diagnose.js';
import { failingDiagnosis } from './failing-diagnosis.js';
import type { Observation } from './types.js';

const answered = (...statuses: (number | null)[]): Observation[] =>
  statuses.map((status, i) => ({ present: [`f${i}`], outcome: status === null || status >= 500 ? 'error' : 'rejected', status }));

test('all 401, or 401 and 403: the token', () => {
  expect(diagnose(answered(401, 401))).toEqual({
    likelyCause: 'token',
    message:
      "every combination was answered 401: the access token was refused; check ACCESS_TOKEN or ACCESS_TOKEN_FILE (or, with client credentials, SCOPE and the app's permissions).",
  });
  expect(diagnose(answered(401, 403, null)).likelyCause).toBe('token');
  expect(diagnose(answered(401, 403, null)).message).toContain('(1 combination got no answer at all)');
});

test('all 404: the base URL or path', () => {
  expect(diagnose(answered(404, 404)).likelyCause).toBe('base-url-or-path');
});

test('server errors: the service; no answer at all: the transport', () => {
  expect(diagnose(answered(500, 502, null)).likelyCause).toBe('service');
  expect(diagnose(answered(null, null))).toEqual({
    likelyCause: 'transport',
    message:
      "none of the 2 combinations got an HTTP answer (network failure, timeout, or the run's request budget or deadline): check the base URL and that the service is reachable.",
  });
});

test('the same 400 everywhere points at the values sent', () => {
  const observations = answered(400, 400).map((o) => ({ ...o, errorCode: 'invalidRequest' }));
  expect(diagnose(observations).message).toBe(
    'every combination was answered 400 invalidRequest: no set of the fields was accepted, so the cause more likely lies in the values sent than in which fields are present.',
  );
});

test('nothing observed', () => {
  expect(diagnose([]).likelyCause).toBe('unknown');
});

// The transport is read before the statuses.
test('every answer a redirect: configuration, with the Location seen and "check BASE_URL", not the values sent', () => {
  const observations: Observation[] = answered(302, 302, 301).map((o) => ({
    ...o,
    outcome: 'error',
    location: 'https://login.example.com/signin?x=1',
  }));
  const d = diagnose(observations);
  expect(d.likelyCause).toBe('configuration');
  expect(d.message).toContain('https://login.example.com/signin?x=1');
  expect(d.message).toContain('never follows redirects');
  expect(d.message).toContain('check BASE_URL');
  expect(d.message).not.toMatch(/values sent/);
});

test('every answer cut off by a reset after its status came: transport, not a list of half-read statuses', () => {
  const observations: Observation[] = answered(400, 400, 400, 201).map((o) => ({ ...o, outcome: 'error', failure: 'network' }));
  const d = diagnose(observations);
  expect(d.likelyCause).toBe('transport');
  expect(d.message).toMatch(/cut off by the connection/);
  expect(d.message).toMatch(/4 combinations after the status line came/);
  expect(d.message).not.toMatch(/values sent|400: /);
});

test("some answers cut off, others the target's own: no transport verdict", () => {
  const observations: Observation[] = answered(400, 400).map((o, i) => (i === 0 ? { ...o, outcome: 'error', failure: 'network' } : o));
  expect(diagnose(observations).likelyCause).toBe('unknown');
});

test('an unstable combination accepted on some repeats: the diagnosis says so instead of "nothing accepted"', () => {
  const observations: Observation[] = [
    ...answered(400, 400),
    { present: ['notificationUrl', 'clientState'], outcome: 'unstable', status: 400, statuses: [400, 201] },
  ];
  const diagnosis = diagnose(observations);
  expect(diagnosis.likelyCause).toBe('unknown');
  expect(diagnosis.message).toContain('{notificationUrl, clientState}) was accepted on some repeats');
  expect(diagnosis.message).not.toContain('no set of the fields was accepted');
});

test('every answer of every repeat counts: a combination answered 401 then 400 is not "answered 401"', () => {
  const observations: Observation[] = [...answered(401, 401), { present: ['a'], outcome: 'unstable', status: 401, statuses: [401, 400] }];
  const diagnosis = diagnose(observations);
  expect(diagnosis.message).not.toContain('every combination was answered 401');
  expect(diagnosis.message).toContain('(400 x1, 401 x3)');
});

describe('when only part of the combinations was tried', () => {
  const rejected = (present: string[]): Observation => ({
    present,
    outcome: 'rejected',
    status: 400,
    errorCode: 'invalidRequest',
    statuses: [400],
  });
  const tried = [rejected(['a']), rejected(['a', 'b']), rejected([])];

  test('it never says "every combination": it counts what was tried, says the rule is not known and what to do', () => {
    const diagnosis = diagnose(tried, 4096);
    expect(diagnosis.message).not.toMatch(/every combination/);
    expect(diagnosis.message).toMatch(
      /^no accepted combination among the 3 combinations tried of 4096 \(the rule is not known\): every one was answered 400 invalidRequest/,
    );
    expect(diagnosis.message).toMatch(/ACCEPTED_FIELDS.*EXPLORE_COMBINATIONS_PER_FIELD/);
  });

  test('every one tried answered 401 is still the token, counted honestly', () => {
    const refused: Observation[] = tried.map(({ present, outcome }) => ({ present, outcome, status: 401, statuses: [401] }));
    expect(diagnose(refused, 4096)).toMatchObject({
      likelyCause: 'token',
      message: expect.stringMatching(/^every one of the 3 combinations tried \(of 4096\) was answered 401/) as unknown,
    });
  });

  test('all of them tried: "every combination" is the truth', () => {
    expect(diagnose(tried, 3).message).toMatch(/^every combination was answered 400 invalidRequest/);
  });

  test("cut short by the run's user, what was not tried is the stop's doing: likely cause stopped, and no setting to change", () => {
    const stopped = diagnose(tried, 32, ['a', 'b'], { by: 'stop', words: 'by Ctrl-C' });
    expect(stopped.likelyCause).toBe('stopped');
    expect(stopped.message).toMatch(
      /^no accepted combination among the 3 combinations tried of 32 before the run was stopped by Ctrl-C \(the rule is not known\): every one was answered 400 invalidRequest; a run to its end asks the rest\.$/,
    );
    expect(stopped.message).not.toMatch(/ACCEPTED_BODY|MAX_REQUESTS|EXPLORE_/);
    // Stopped before any of them was answered: not the transport's fault either.
    const unanswered: Observation[] = tried.map(({ present }) => ({ present, outcome: 'error', status: null, failure: 'stopped' }));
    expect(diagnose(unanswered, 32, ['a', 'b'], { by: 'stop', words: 'by SIGTERM' })).toEqual({
      likelyCause: 'stopped',
      message:
        'the run was stopped by SIGTERM before any of the 3 combinations it tried (of 32) got an answer: nothing is known of the rule; a run to its end asks them.',
    });
    expect(diagnose([], 32, ['a', 'b'], { by: 'stop', words: 'by Ctrl-C' })).toEqual({
      likelyCause: 'stopped',
      message: 'the run was stopped by Ctrl-C before it asked any combination: nothing is known of the rule.',
    });
    // What the answers said of the setup still stands: every one tried answered 401 is the token, stopped or not.
    const refused: Observation[] = tried.map(({ present, outcome }) => ({ present, outcome, status: 401, statuses: [401] }));
    expect(diagnose(refused, 32, ['a', 'b'], { by: 'stop', words: 'by Ctrl-C' }).likelyCause).toBe('token');
    // Every combination answered before the stop: the diagnosis is the target's, as in a whole run.
    expect(diagnose(tried, 3, ['a', 'b'], { by: 'stop', words: 'by Ctrl-C' }).message).toMatch(/^every combination was answered 400/);
  });

  test('cut short by its budget or its time: the setting that gives more', () => {
    const budget = diagnose(tried, 32, ['a', 'b'], { by: 'budget', words: 'when its request budget was spent' });
    expect(budget.likelyCause).toBe('unknown');
    expect(budget.message).toMatch(/before the run stopped when its request budget was spent .*; raise MAX_REQUESTS, or give a body known/);
    const time = diagnose(tried, 32, ['a', 'b'], { by: 'deadline', words: 'when its time was up' });
    expect(time.message).toMatch(/before the run stopped when its time was up .*; raise MAX_RUN_SECONDS, or give a body known/);
  });
});

test('a run in which nothing was accepted fails, whatever the cause', () => {
  expect(failingDiagnosis({ likelyCause: 'unknown', message: 'no accepted combination among ...' }, 27)).toMatch(
    /^nothing was accepted \(likely cause: unknown\)/,
  );
  expect(failingDiagnosis({ likelyCause: 'service', message: 'every answer was a server error' }, 32)).toBeDefined();
  expect(failingDiagnosis(undefined, 32)).toBeUndefined();
  // A run that sent no combination (a filter without the presence step) claims nothing of presence.
  expect(failingDiagnosis({ likelyCause: 'unknown', message: 'no combination was observed' }, 0)).toBeUndefined();
  // One its user stopped before enough was asked fails for the stop, not for the target.
  expect(failingDiagnosis({ likelyCause: 'stopped', message: 'no accepted combination among ...' }, 9)).toBeUndefined();
});

describe('what the refusals say is read: the field their messages name most', () => {
  const FIELDS = ['changeType', 'notificationUrl', 'expirationDateTime'];
  const refusedFor = (present: string[], message: string, loopback: boolean): Observation => ({
    present,
    outcome: 'rejected',
    status: 400,
    errorCode: 'invalidRequest',
    errorMessage: message,
    ...(loopback && present.includes('notificationUrl') ? { loopbackFields: ['notificationUrl'] } : {}),
  });
  const handshakeFailed = (loopback: boolean): Observation[] =>
    [[], ['notificationUrl'], ['notificationUrl', 'expirationDateTime'], ['changeType', 'notificationUrl']].map((present) =>
      refusedFor(
        present,
        present.includes('notificationUrl')
          ? "Failed to validate the notification URL 'http://127.0.0.1:4311/n': connection refused."
          : "The property 'notificationUrl' is required.",
        loopback,
      ),
    );

  test('a notificationUrl on loopback, named by the refusals: configuration, and the setting that gives the target a URL it can reach', () => {
    const d = diagnose(handshakeFailed(true), 4, FIELDS);
    expect(d.likelyCause).toBe('configuration');
    expect(d.message).toMatch(
      /^every combination was answered 400 invalidRequest; the target's messages name notificationUrl in 4 of the 4 refusals, e\.g\. "/,
    );
    expect(d.message).toContain('set RECEIVER_PUBLIC_URL to a public URL that forwards to the receiver');
  });

  test('the same refusals of a URL the target can reach: the field is named, the cause left open', () => {
    const d = diagnose(handshakeFailed(false), 4, FIELDS);
    expect(d.likelyCause).toBe('unknown');
    expect(d.message).toContain("the target's messages name notificationUrl in 4 of the 4 refusals");
    expect(d.message).not.toContain('RECEIVER_PUBLIC_URL');
  });

  test('a loopback value the refusals do not name is not blamed', () => {
    const observations = handshakeFailed(true).map((o) => ({ ...o, errorMessage: 'The request is malformed or incorrect.' }));
    const d = diagnose(observations, 4, FIELDS);
    expect(d.likelyCause).toBe('unknown');
    expect(d.message).not.toContain('RECEIVER_PUBLIC_URL');
  });
});
