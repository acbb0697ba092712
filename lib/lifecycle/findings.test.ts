import { describe, expect, test } from 'vitest';
import {
  deleteFinding,
  listFinding,
  longestRenewal,
  patchFieldsFinding,
  readFinding,
  renewalRange,
  renewalWords,
  renewFinding,
  statesFinding,
} from './findings.js';

const ITEM = '/subscriptions/{id}';
const THREE_DAYS = 4320;

describe('read', () => {
  test('lists each field with where it came from, and whether the read equals the create answer', () => {
    const fields = {
      id: { type: 'string' as const, origin: 'server' as const },
      clientState: { type: 'string' as const, origin: 'changed' as const, sent: '"a"', returned: '"A"' },
    };
    expect(readFinding(ITEM, 200, fields, false)).toBe(
      'read: GET /subscriptions/{id} answered 200; the record has id (server, string), clientState (changed, string: sent "a", returned "A"); the read differs from the create answer',
    );
    expect(readFinding(ITEM, null, {}, null)).toBe('read: GET /subscriptions/{id} answered nothing; the record has no JSON fields');
  });
});

describe('list', () => {
  test('an unreadable list says it cannot tell; off-origin links and an early stop are said', () => {
    expect(listFinding('/subs', { firstStatus: 500, pages: 0, containsCreated: null, offOriginLinks: 0 }, null)).toBe(
      'list: GET /subs answered 500; 0 page(s) read, could not tell whether it shows the subscription',
    );
    expect(
      listFinding(
        '/subs',
        { firstStatus: 200, pages: 2, containsCreated: true, offOriginLinks: 1, stopped: 'stopped after 10 pages' },
        true,
      ),
    ).toBe(
      'list: GET /subs answered 200; 2 page(s) read, shows the subscription, its entry equal to the create answer; 1 next link(s) to another origin recorded, not followed; stopped after 10 pages',
    );
  });
});

describe('renewal range', () => {
  const fact = (status: number | null, supported: boolean | null = null) => ({ status, supported });

  test('accepted: up to one past the longest lifetime a create got, else to the description’s top', () => {
    expect(renewalRange(fact(200, true), THREE_DAYS, 42_300, 1_000_000)).toEqual({
      low: THREE_DAYS,
      high: 42_301,
      words: 'between 4320 and 42301 minutes (the longest lifetime a create got, plus one)',
    });
    // A create limit below the first try cannot bound a search that starts above it.
    expect(renewalRange(fact(200, true), THREE_DAYS, 4230, 1_000_000)).toEqual({
      low: THREE_DAYS,
      high: 1_000_000,
      words: 'between 4320 and 1000000 minutes',
    });
    expect(renewalRange(fact(204, true), THREE_DAYS, undefined, 99_999)?.high).toBe(99_999);
  });

  test('refused for its length: down to one minute', () => {
    expect(renewalRange(fact(400), THREE_DAYS, 4230, 1_000_000)).toEqual({ low: 1, high: THREE_DAYS, words: 'between 1 and 4320 minutes' });
    expect(renewalRange(fact(422), THREE_DAYS, undefined, 1_000_000)?.low).toBe(1);
  });

  test('an answer that says nothing of a length starts no search', () => {
    expect(renewalRange(fact(405, false), THREE_DAYS, 4230, 1_000_000)).toBeUndefined();
    expect(renewalRange(fact(404, false), THREE_DAYS, 4230, 1_000_000)).toBeUndefined();
    expect(renewalRange(fact(429), THREE_DAYS, 4230, 1_000_000)).toBeUndefined();
    expect(renewalRange(fact(503), THREE_DAYS, 4230, 1_000_000)).toBeUndefined();
    expect(renewalRange(fact(null), THREE_DAYS, 4230, 1_000_000)).toBeUndefined();
  });
});

describe('renewal words', () => {
  const down = { low: 1, high: THREE_DAYS, words: 'between 1 and 4320 minutes' };

  test('an exact limit names the refusal past it and what the search cost', () => {
    const result = { end: 'exact' as const, largestAccepted: 4230, smallestRejected: 4231 };
    expect(longestRenewal(result)).toBe(4230);
    expect(renewalWords(result, { status: 400, code: 'invalidRequest' }, down, 13)).toBe(
      '; longest renewal accepted: 4230 minutes, 4231 answered 400 invalidRequest, by bisection between 1 and 4320 minutes (13 PATCHes)',
    );
  });

  test('the top of the range accepted is the largest tried, not a limit found', () => {
    const result = { end: 'high-accepted' as const, largestAccepted: 42_301, smallestRejected: undefined };
    expect(renewalWords(result, undefined, { low: THREE_DAYS, high: 42_301, words: 'between 4320 and 42301 minutes' }, 1)).toBe(
      '; longest renewal accepted: 42301 minutes (the largest tried), by bisection between 4320 and 42301 minutes (1 PATCH)',
    );
  });

  test('a search cut short pins nothing and says why', () => {
    const result = { end: 'no-answer' as const, largestAccepted: 100, smallestRejected: 4000, note: 'an answer stayed unknown at 2050' };
    expect(longestRenewal(result)).toBeNull();
    expect(renewalWords(result, { status: 400, code: null }, down, 5)).toBe(
      '; longest renewal not pinned (an answer stayed unknown at 2050), by bisection between 1 and 4320 minutes (5 PATCHes)',
    );
  });

  test('the renew finding puts the first answer before what was read back and found', () => {
    expect(renewFinding(ITEM, 'expirationDateTime', THREE_DAYS, 400, '', '; x')).toBe(
      'renew: PATCH /subscriptions/{id} with expirationDateTime 4320 minutes ahead answered 400; x',
    );
  });
});

describe('PATCH of each field', () => {
  test('not one field through, each answered "not there": renew not supported, said once', () => {
    const notThere = new Map([
      ['clientState', 405],
      ['notificationUrl', 405],
    ]);
    const finding = patchFieldsFinding(ITEM, {}, notThere, ['resource (no good value other than the one sent)']);
    expect(finding).toBe(
      'PATCH of one field at a time on a second subscription: renew not supported (405): PATCH /subscriptions/{id} answered 405 for every field tried (2); not tried: resource (no good value other than the one sent)',
    );
    expect(finding).not.toContain('refused');
  });

  test('fields that got an answer are told one by one, beside those not there', () => {
    expect(patchFieldsFinding(ITEM, { clientState: 'applied', resource: 'refused' }, new Map([['changeType', 404]]), [])).toBe(
      'PATCH of one field at a time on a second subscription: clientState applied, resource refused; not there for changeType (404)',
    );
    expect(patchFieldsFinding(ITEM, {}, new Map(), ['clientState (503)'])).toBe(
      'PATCH of one field at a time on a second subscription: none told; not told: clientState (503)',
    );
  });
});

describe('delete and states', () => {
  test('a deleted subscription still readable is said; idempotence from the second delete', () => {
    expect(deleteFinding(ITEM, { deleteStatus: 204, readStatus: 200, againStatus: 404, listed: false })).toBe(
      'delete: DELETE /subscriptions/{id} answered 204; after it, a read answered 200, a second DELETE 404 (delete is not idempotent), and the list no longer shows it; a deleted subscription is still readable',
    );
    expect(deleteFinding(ITEM, { deleteStatus: 405, readStatus: 200, againStatus: 405, listed: true })).toBe(
      'delete: DELETE /subscriptions/{id} answered 405; after it, a read answered 200, a second DELETE 405 (delete is not idempotent), and the list still shows it',
    );
    expect(deleteFinding(ITEM, { deleteStatus: 204, readStatus: 404, againStatus: 204, listed: null })).toContain(
      '(delete is idempotent), and the list could not be read to its end',
    );
  });

  test('states seen once each, moves in order', () => {
    expect(
      statesFinding([
        { from: 'absent', action: 'create', status: 201, to: 'active' },
        { from: 'active', action: 'delete', status: null, to: 'active' },
      ]),
    ).toBe('states seen: absent, active; moves: absent --create 201--> active; active --delete no answer--> active');
  });
});
