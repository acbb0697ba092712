import { describe, expect, test } from 'vitest';
import { judgeReach, missedBy } from './never-reached.js';

const deviates = { verdict: 'DEVIATES' as const, finding: 'the target answered 401 to a malformed body' };

describe('a DEVIATES whose every request missed the service', () => {
  test('only a DEVIATES whose every answer was 401, or every answer a redirect, may have missed it', () => {
    expect(missedBy('DEVIATES', [401, 401])).toBe('refused');
    expect(missedBy('DEVIATES', [302, 307])).toBe('redirected');
    expect(missedBy('DEVIATES', [401, 400])).toBeUndefined();
    expect(missedBy('CONFORMS', [401])).toBeUndefined();
    expect(missedBy('DEVIATES', [])).toBeUndefined();
  });

  test('is an ERROR naming the setting when a plain GET is refused too', () => {
    const judged = judgeReach(deviates, { missed: 'refused', plainStatus: 401, firstStatus: 401 });
    expect(judged.verdict).toBe('ERROR');
    expect(judged.finding).toMatch(/check ACCESS_TOKEN/);
  });

  test('is an ERROR naming BASE_URL when a plain GET is redirected too, with where to', () => {
    const judged = judgeReach(deviates, { missed: 'redirected', plainStatus: 302, firstStatus: 302, location: 'https://login.example/' });
    expect(judged.verdict).toBe('ERROR');
    expect(judged.finding).toMatch(/redirected \(302 to https:\/\/login\.example\/\).*check BASE_URL/);
  });

  test("stays the target's DEVIATES when a plain GET is answered otherwise: the token was taken", () => {
    expect(judgeReach(deviates, { missed: 'refused', plainStatus: 200, firstStatus: 401 })).toBe(deviates);
    expect(judgeReach(deviates, { missed: 'redirected', plainStatus: 405, firstStatus: 302 })).toBe(deviates);
  });
});
