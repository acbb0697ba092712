/**
 * The change to a body known or reported accepted (known-first.ts), asked before the changes of one field, on a body
 * with a second cause besides the fields the refusal names: a notification URL the target cannot reach.
 */
import { describe, expect, test } from 'vitest';
import { subscriptionCreate } from '../operation/index.js';
import { explain, type ExplainOptions } from './explain.js';
import { singleChangeWords } from './fix-words.js';
import { renderResult } from './render.js';
import { fakeTarget, testValues, v2Service, type FakeTarget } from '../../test/support/explain-target.js';

const DAY = 24 * 3600_000;
const reported = [subscriptionCreate.reportedAccepted ?? []];

/** The spec's five-field body (spec §4), its notification URL one the target cannot reach. */
const body = (): Record<string, unknown> => ({
  changeType: 'updated',
  notificationUrl: 'https://unreachable.example/hook',
  resource: '/me/drive/root',
  expirationDateTime: new Date(Date.now() + 30 * DAY).toISOString(),
  clientState: 'my-state',
});

function run(target: FakeTarget, options: Partial<ExplainOptions> = {}) {
  return explain({
    operation: subscriptionCreate,
    body: body(),
    send: target.send,
    values: testValues,
    budget: 64,
    repeats: 1,
    ...options,
  });
}

describe("a reported body refused with the user's values is asked with known-good values", () => {
  test('the five-field body with a notification URL the target cannot reach: the reported body, with known-good values, tells the other changes of one field', async () => {
    const target = fakeTarget(v2Service);
    const blind = fakeTarget(v2Service);
    const result = await run(target, { accepted: reported });
    const without = await run(blind);
    for (const r of [result, without]) {
      expect(r).toMatchObject({ outcome: 'explained', removed: ['changeType', 'resource'], added: [], replaced: ['notificationUrl'] });
    }
    // The reported body with the user's values is refused (the URL); with every value known-good it is accepted, and
    // each of changeType and resource put back is refused: the other fields' changes alone keep both, and are not asked.
    expect(result.singles.answered).toMatchObject({ keeps: ['changeType', 'resource'], named: ['changeType'], goodValues: true });
    expect(result.singles.answered.changes.map(singleChangeWords)).toEqual([
      'take out notificationUrl',
      'take out expirationDateTime',
      'take out clientState',
    ]);
    expect(renderResult(result).join('\n')).toContain(
      'without changeType and resource the body got a 2xx with known-good values, and with any one of them put back it was refused',
    );
    expect(target.creates.length).toBeLessThan(blind.creates.length);
    expect(without.singles.answered.changes).toEqual([]);
  });
});
