import { describe, expect, test } from 'vitest';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import { setupProblem, setupRequests, setupStop } from './setup-check.js';

const operation = { method: 'POST', path: '/_api/v2.0/drive/root/subscriptions', headers: { 'content-type': 'application/json' } };
const answers = (...statuses: number[]) =>
  statuses.map((status) => fakeExchange({ status, responseHeaders: status < 400 ? { location: 'https://login.example/' } : {} }));
const base = 'https://contoso.example/sites/dev';

describe('setup mistakes in the first two answers', () => {
  test('a GET of the path and the operation with an empty JSON object, which creates nothing', () => {
    expect(setupRequests(operation).map((r) => `${r.method} ${r.body ?? ''}`)).toEqual(['GET ', 'POST {}']);
  });

  test.each([
    [[404, 404], /answers 404 to GET and POST .*check BASE_URL/],
    [[401, 401], /refused the run's token .*check ACCESS_TOKEN/],
    [[403, 401], /refused the run's token \(403 and 401/],
    [[302, 307], /redirects GET and POST .* to https:\/\/login\.example\/.*check BASE_URL/],
    [[200, 405], /does not serve POST .* \(405 to it, 200 to GET\): check the operation's method and path/],
    [[405, 405], /does not serve POST .* \(405 to it, 405 to GET\)/],
    [[405, 404], /does not serve POST .* \(404 to it, 405 to GET\)/],
  ])('%j stops the run, naming the setting', (statuses, line) => {
    expect(setupProblem(answers(...statuses), base, operation)).toMatch(line);
  });

  test.each([
    [[404, 400]], // no list operation, but the create path is there
    [[405, 401]], // a token refused for an empty body only
    [[200, 404]], // a 404 for an empty body only: a body naming something missing may get one
    [[200, 400]],
    [[401, 400]],
    [[302, 400]],
  ])("%j is the target's to judge: the run goes on", (statuses) => {
    expect(setupProblem(answers(...statuses), base, operation)).toBeUndefined();
  });

  test('refusals when no token was given say so, and what to set, instead of blaming a token', () => {
    const line = setupProblem(answers(401, 401), base, operation, false);
    expect(line).toMatch(
      /^the target refused requests without a token \(401 and 401 to GET and POST .*\), and none was given: set ACCESS_TOKEN/,
    );
    expect(line).not.toContain("the run's token");
  });

  test('each stop says what kind it is, for a campaign to weigh', () => {
    expect(setupStop(answers(404, 404), base, operation)).toMatchObject({ kind: 'not-served', statuses: [404, 404] });
    expect(setupStop(answers(200, 405), base, operation)?.kind).toBe('not-served');
    expect(setupStop(answers(403, 401), base, operation)?.kind).toBe('token-refused');
    expect(setupStop(answers(302, 307), base, operation)?.kind).toBe('redirected');
    expect(setupStop(answers(200, 400), base, operation)).toBeUndefined();
  });

  test('fewer than two answers decide nothing', () => {
    expect(setupProblem(answers(404), base, operation)).toBeUndefined();
  });
});
