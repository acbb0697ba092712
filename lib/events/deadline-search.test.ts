import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { errorBody, fakeExchange } from '../../test/support/fake-exchange.js';
import type { Exchange } from '../http/types.js';
import { deadlineCreates } from './handshake-deadline.js';
import { documentedCandidates, searchDeadline, timedCandidate } from './deadline-search.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];
const TIMED_OUT = "Failed to validate the notification URL 'https://127.0.0.1:1/c/x/scope/deadline-1': the validation request timed out.";

/**
 * A target with a handshake deadline of `deadline` seconds on a fake clock: a create held less than it is accepted after
 * the hold, any other refused when the deadline passes (`refusedLate` seconds later still, as a slow network adds);
 * every answer takes `latency` more. It counts the creates in flight at once.
 */
function target(deadline: number, o: { latency?: number; refusedLate?: number } = {}) {
  const latency = o.latency ?? 0.01;
  let inFlight = 0;
  let mostInFlight = 0;
  const holds: number[] = [];
  const send = async (seconds: number): Promise<Exchange> => {
    holds.push(seconds);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const accepted = seconds < deadline;
    const takes = (accepted ? seconds : deadline + (o.refusedLate ?? 0)) + latency;
    await new Promise((resolve) => setTimeout(resolve, takes * 1000));
    inFlight -= 1;
    return accepted
      ? fakeExchange({ status: 201, body: { id: `s${holds.length}` }, durationMs: takes * 1000 })
      : fakeExchange({ status: 400, body: errorBody('invalidRequest', TIMED_OUT), durationMs: takes * 1000 });
  };
  return { send, holds, mostInFlight: () => mostInFlight };
}

/** The search on the fake clock, and the seconds it took there. */
async function search(t: ReturnType<typeof target>, o: { top?: number; parallel?: number; validated?: boolean } = {}) {
  const started = Date.now();
  const searching = searchDeadline({
    field: 'notificationUrl',
    send: t.send,
    top: o.top ?? 9,
    parallel: o.parallel ?? 4,
    fields: FIELDS,
    validated: async () => o.validated ?? true,
  });
  await vi.runAllTimersAsync();
  const found = await searching;
  return { found, seconds: (Date.now() - started) / 1000 };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the handshake deadline search, its holds asked at once', () => {
  test.each([[2], [5], [7]])('a %i s deadline is pinned to the second in two rounds of waiting, in 6 creates', async (deadline) => {
    const t = target(deadline);
    const { found, seconds } = await search(t);
    expect(found.result).toMatchObject({ end: 'exact', largestAccepted: deadline - 1, smallestRejected: deadline });
    // The top refused, then the top again, the second under the refusal's time and the next second twice, at once.
    expect(t.holds).toEqual([0, 9, 9, deadline - 1, deadline, deadline]);
    expect(found.creates).toHaveLength(6);
    // Settled as before: each refusal asked again, the edges the walk's last asks.
    expect(found.result?.steps.map((s) => `${s.x} ${s.answer}`)).toEqual([
      '0 accepted',
      '9 rejected',
      '9 rejected',
      `${deadline - 1} accepted`,
      `${deadline} rejected`,
      `${deadline} rejected`,
    ]);
    expect(seconds).toBeLessThan(2 * deadline + 0.5);
    expect(t.mostInFlight()).toBe(4);
  });

  test('one create at a time (CONCURRENCY 1): the same finding and creates, the waits one after another', async () => {
    const t = target(5);
    const { found, seconds } = await search(t, { parallel: 1 });
    expect(found.result).toMatchObject({ end: 'exact', largestAccepted: 4, smallestRejected: 5 });
    expect(found.creates).toHaveLength(6);
    expect(t.mostInFlight()).toBe(1);
    expect(seconds).toBeGreaterThan(5 * 4);
  });

  test('a deadline over the longest hold: two creates, the top accepted, nothing sent ahead', async () => {
    const t = target(12);
    const { found, seconds } = await search(t);
    expect(found.result).toMatchObject({ end: 'high-accepted', largestAccepted: 9 });
    expect(t.holds).toEqual([0, 9]);
    expect(seconds).toBeLessThan(9.5);
  });

  test('a target that sends no validation request: the search stops at its first create', async () => {
    const t = target(5);
    const { found } = await search(t, { validated: false });
    expect(found.result).toBeUndefined();
    expect(t.holds).toEqual([0]);
  });

  test.each([
    ['late', { refusedLate: 1.5 }],
    ['early', { refusedLate: -2.5 }],
  ] as const)('a refusal whose time points %s: the walk halves on and pins the deadline within the same bound of creates', async (_, o) => {
    const t = target(5, o);
    const { found } = await search(t);
    expect(found.result).toMatchObject({ end: 'exact', largestAccepted: 4, smallestRejected: 5 });
    expect(found.creates.length).toBeLessThanOrEqual(deadlineCreates(9));
    expect(t.holds).toHaveLength(found.creates.length);
  });

  test('asks sent ahead never take the search past its bound of creates', async () => {
    // Every hold refused at once: the candidate is 0, and nothing the walk asks settles a deadline.
    const t = target(0.5, { refusedLate: -0.5 });
    const { found } = await search(t);
    expect(found.creates.length).toBeLessThanOrEqual(deadlineCreates(9));
    expect(found.result?.largestAccepted).toBe(0);
  });
});

describe('the candidate a refusal time gives', () => {
  test.each([
    [5_010, 10, 9, 4],
    [5_080, 10, 9, 4],
    [4_800, 10, 9, 4],
    [5_600, 20, 9, 5],
    [40, 30, 9, 0],
    [12_000, 10, 9, 8],
  ])('refused after %i ms, a create held 0 s answered in %i ms, top %i: %i s', (refused, unheld, top, seconds) => {
    expect(timedCandidate(refused, unheld, top)).toBe(seconds);
  });
});

describe('a documented deadline, checked first', () => {
  async function searchDocumented(t: ReturnType<typeof target>, documented: number[]) {
    const started = Date.now();
    const searching = searchDeadline({
      field: 'notificationUrl',
      send: t.send,
      top: 9,
      parallel: 4,
      fields: FIELDS,
      validated: async () => true,
      documented,
    });
    await vi.runAllTimersAsync();
    const found = await searching;
    return { found, seconds: (Date.now() - started) / 1000 };
  }

  test('a target that keeps it: one wait of it, four creates, the top never held', async () => {
    const t = target(5);
    const { found, seconds } = await searchDocumented(t, [5]);
    expect(found.result).toMatchObject({
      end: 'exact',
      largestAccepted: 4,
      smallestRejected: 5,
      candidate: { value: 4, from: 'documented' },
    });
    expect(t.holds).toEqual([0, 4, 5, 5]);
    expect(seconds).toBeLessThan(5.5);
  });

  test.each([[2], [7]])(
    'a target whose deadline is %i s, not the 5 s documented: the same deadline as without the documentation',
    async (deadline) => {
      const t = target(deadline);
      const { found, seconds } = await searchDocumented(t, [5]);
      expect(found.result).toMatchObject({ end: 'exact', largestAccepted: deadline - 1, smallestRejected: deadline });
      expect(found.creates.length).toBeLessThanOrEqual(deadlineCreates(9));
      expect(t.holds).toHaveLength(found.creates.length);
      // Under the documented deadline, its first refusal's time gives the candidate: two waits of the target's deadline
      // in all. Over it: the documented hold's wait, then the search without documentation.
      expect(seconds).toBeLessThan(deadline < 5 ? 2 * deadline + 0.5 : 5 + 2 * deadline + 0.5);
    },
  );

  test('a deadline over the longest hold is no candidate; a target over the top is still found accepted up to it', async () => {
    expect(documentedCandidates([5, 10, 12, 0, 5], 9)).toEqual([4]);
    const t = target(12);
    const { found } = await searchDocumented(t, [5]);
    expect(found.result).toMatchObject({ end: 'high-accepted', largestAccepted: 9 });
  });
});
