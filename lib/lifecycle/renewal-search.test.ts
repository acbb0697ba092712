import { describe, expect, test } from 'vitest';
import { errorBody, fakeExchange, serverFailure } from '../../test/support/fake-exchange.js';
import type { Exchange } from '../http/types.js';
import { searchRenewal } from './renewal-search.js';

const THREE_DAYS = 4320;

/** A target that renews up to `limit` minutes and refuses longer ones 400 invalidRequest; every renewal asked is kept. */
function capped(limit: number, answer: (minutes: number) => Partial<Exchange> | undefined = () => undefined) {
  const asked: number[] = [];
  const renew = (minutes: number): Promise<Exchange> => {
    asked.push(minutes);
    const given = answer(minutes);
    if (given !== undefined) return Promise.resolve(fakeExchange({ method: 'PATCH', ...given }));
    return Promise.resolve(
      minutes <= limit
        ? fakeExchange({ method: 'PATCH', status: 200, body: { id: 's1' } })
        : fakeExchange({ method: 'PATCH', status: 400, responseBody: errorBody('invalidRequest') }),
    );
  };
  return { asked, renew };
}

describe('searchRenewal', () => {
  test('an accepted first renewal searches up, to one past the longest lifetime a create got, and pins the limit', async () => {
    const target = capped(10_000);
    const first = await target.renew(THREE_DAYS);
    const found = await searchRenewal(target.renew, { first, firstMinutes: THREE_DAYS, createLimit: 43_200, describedHigh: 1_000_000 });
    expect(found?.renewal).toEqual({ longestAcceptedMinutes: 10_000, pastLimit: { status: 400, code: 'invalidRequest' } });
    expect(found?.pastLimit?.status).toBe(400);
    expect(found?.shorterAccepted).toBeUndefined();
    // The first renewal's answer is not asked again; the search stays in its range.
    expect(target.asked.filter((m) => m === THREE_DAYS)).toHaveLength(1);
    expect(Math.max(...target.asked)).toBe(43_201);
    expect(found?.words).toMatch(
      new RegExp(
        `^; longest renewal accepted: 10000 minutes, 10001 answered 400 invalidRequest, by bisection between 4320 and 43201 minutes .*\\(${target.asked.length - 1} PATCHes\\)$`,
      ),
    );
  });

  test('a first renewal refused for its length searches down to one minute: renew is there, for shorter ones', async () => {
    const target = capped(1440);
    const first = await target.renew(THREE_DAYS);
    const found = await searchRenewal(target.renew, { first, firstMinutes: THREE_DAYS, createLimit: undefined, describedHigh: 1_000_000 });
    expect(found?.renewal.longestAcceptedMinutes).toBe(1440);
    expect(found?.shorterAccepted?.status).toBe(200);
    expect(Math.min(...target.asked)).toBe(1);
    expect(found?.words).toContain('by bisection between 1 and 4320 minutes');
  });

  test('a first answer that says nothing of a length starts no search', async () => {
    for (const said of [{ status: 405 }, { status: 429 }, serverFailure()]) {
      const target = capped(10_000, () => said);
      const first = await target.renew(THREE_DAYS);
      expect(
        await searchRenewal(target.renew, { first, firstMinutes: THREE_DAYS, createLimit: undefined, describedHigh: 10 ** 6 }),
      ).toBeUndefined();
      expect(target.asked).toEqual([THREE_DAYS]);
    }
  });

  test('a renewal that stays unanswered ends the search with nothing pinned, and says so', async () => {
    const target = capped(10_000, (minutes) => (minutes > 20_000 ? serverFailure() : undefined));
    const first = await target.renew(THREE_DAYS);
    const found = await searchRenewal(target.renew, { first, firstMinutes: THREE_DAYS, createLimit: 43_200, describedHigh: 10 ** 6 });
    expect(found?.renewal.longestAcceptedMinutes).toBeNull();
    expect(found?.words).toMatch(/^; longest renewal not pinned \(/);
  });
});
