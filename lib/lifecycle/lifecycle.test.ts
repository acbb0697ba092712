import { describe, expect, test } from 'vitest';
import { errorBody, fakeExchange, serverFailure, timedOut } from '../../test/support/fake-exchange.js';
import type { Exchange, RequestSpec } from '../http/types.js';
import { judgeLifecycle, operationFact, patchOutcome } from './judge.js';
import { walkList } from './list-walk.js';
import { mergeLifecycle } from './merge.js';
import { nextLinkOf, placeOf } from './next-link.js';
import { MAX_RECORD_FIELDS, recordFields } from './record-fields.js';
import { StateWalk, nextState } from './states.js';

describe('recordFields', () => {
  test('echoed, changed (both shown), server and dropped fields, with their JSON types', () => {
    const sent = { notificationUrl: 'https://r.example/n', expirationDateTime: '2030-01-01T00:00:00Z', clientState: 's' };
    const returned = {
      id: 'x1',
      notificationUrl: 'https://r.example/n',
      expirationDateTime: '2030-01-01T00:00:00.000Z',
      createdBy: { application: {} },
    };

    const fields = recordFields(sent, returned);

    expect(fields).toEqual({
      clientState: { type: 'string', origin: 'dropped' },
      createdBy: { type: 'object', origin: 'server' },
      expirationDateTime: { type: 'string', origin: 'changed', sent: '"2030-01-01T00:00:00Z"', returned: '"2030-01-01T00:00:00.000Z"' },
      id: { type: 'string', origin: 'server' },
      notificationUrl: { type: 'string', origin: 'echoed' },
    });
  });

  test('a record with very many fields lists at most MAX_RECORD_FIELDS, the sent ones always; over-long names are left out', () => {
    const returned: Record<string, unknown> = { zz: 'sent back', ['n'.repeat(500)]: 1 };
    for (let i = 0; i < 10_000; i += 1) returned[`f${String(i).padStart(5, '0')}`] = i;

    const fields = recordFields({ zz: 'sent back' }, returned) ?? {};

    expect(Object.keys(fields)).toHaveLength(MAX_RECORD_FIELDS);
    expect(fields['zz']).toEqual({ type: 'string', origin: 'echoed' });
    expect(Object.keys(fields).some((k) => k.length > 200)).toBe(false);
  });

  test('an answer that is not a JSON object has no fields', () => {
    expect(recordFields({ a: 1 }, [1, 2])).toBeUndefined();
  });
});

describe('next links', () => {
  test('@odata.nextLink first, else the Link header rel=next', () => {
    expect(nextLinkOf({ '@odata.nextLink': 'https://a/x?p=2' }, '<https://a/y>; rel="next"')).toBe('https://a/x?p=2');
    expect(nextLinkOf({ value: [] }, '<https://a/first>; rel="first", <https://a/y?p=2>; rel="next"')).toBe('https://a/y?p=2');
    expect(nextLinkOf({ value: [] }, '<https://a/y>; rel="prev"')).toBeUndefined();
  });

  test('followed only under BASE_URL: another origin and a path outside the base are not', () => {
    const base = 'https://contoso.example/sites/dev';

    expect(placeOf('https://contoso.example/sites/dev/_api/x?$skiptoken=2', base)).toEqual({
      kind: 'follow',
      path: '/_api/x?$skiptoken=2',
    });
    expect(placeOf('/sites/dev/_api/x?p=3', base)).toEqual({ kind: 'follow', path: '/_api/x?p=3' });
    expect(placeOf('https://evil.example/sites/dev/_api/x', base)).toEqual({ kind: 'off-origin', origin: 'https://evil.example' });
    expect(placeOf('http://contoso.example/sites/dev/_api/x', base)).toEqual({ kind: 'off-origin', origin: 'http://contoso.example' });
    expect(placeOf('https://contoso.example/sites/other/_api/x', base)).toEqual({ kind: 'outside-base' });
    expect(placeOf('https://contoso.example/sites/devil/_api/x', base)).toEqual({ kind: 'outside-base' });
  });
});

describe('walkList', () => {
  const base = 'http://127.0.0.1:9';
  const page = (ids: string[], next?: string): Exchange =>
    fakeExchange({
      method: 'GET',
      status: 200,
      body: { value: ids.map((id) => ({ id })), ...(next !== undefined ? { '@odata.nextLink': next } : {}) },
    });

  function sender(pages: Record<string, Exchange>): { send: (r: RequestSpec) => Promise<Exchange>; asked: string[] } {
    const asked: string[] = [];
    return {
      asked,
      send: (r) => {
        asked.push(r.path);
        return Promise.resolve(pages[r.path] ?? fakeExchange({ method: 'GET', status: 404 }));
      },
    };
  }

  test('follows next links on the base origin until the created one is found', async () => {
    const { send, asked } = sender({ '/s': page(['a', 'b'], `${base}/s?p=2`), '/s?p=2': page(['c', 'mine']) });

    const walk = await walkList(send, '/s', base, (e) => e['id'] === 'mine');

    expect(asked).toEqual(['/s', '/s?p=2']);
    expect(walk).toMatchObject({ pages: 2, containsCreated: true, offOriginLinks: 0, entry: { id: 'mine' } });
  });

  test('a next link to another origin is counted and never asked; whether the list has it stays open', async () => {
    const { send, asked } = sender({ '/s': page(['a'], 'https://elsewhere.example/s?p=2') });

    const walk = await walkList(send, '/s', base, (e) => e['id'] === 'mine');

    expect(asked).toEqual(['/s']);
    expect(walk).toMatchObject({ pages: 1, containsCreated: null, offOriginLinks: 1 });
    expect(walk.stopped).toContain('https://elsewhere.example');
  });

  test('bounded in pages, and a link back to a page already read ends the walk', async () => {
    const endless: Record<string, Exchange> = {};
    for (let i = 0; i < 20; i += 1) endless[i === 0 ? '/s' : `/s?p=${i}`] = page([`x${i}`], `${base}/s?p=${i + 1}`);
    const bounded = await walkList(sender(endless).send, '/s', base, () => false, { maxPages: 3, maxMs: 60_000 });
    const loop = await walkList(
      sender({ '/s': page(['a'], `${base}/s?p=1`), '/s?p=1': page(['b'], `${base}/s?p=1`) }).send,
      '/s',
      base,
      () => false,
    );

    expect(bounded).toMatchObject({ pages: 3, containsCreated: null, stopped: 'stopped after 3 pages' });
    expect(loop).toMatchObject({ pages: 2, containsCreated: null, stopped: 'a next link pointed back to a page already read' });
  });

  test('the page holding it has its next link read too: one to another origin is counted, one under BASE_URL followed', async () => {
    const offOrigin = sender({ '/s': page(['a', 'mine'], 'https://elsewhere.example/s?p=2') });
    const onward = sender({ '/s': page(['mine'], `${base}/s?p=2`), '/s?p=2': page(['b'], 'https://elsewhere.example/s?p=3') });

    const there = await walkList(offOrigin.send, '/s', base, (e) => e['id'] === 'mine');
    const further = await walkList(onward.send, '/s', base, (e) => e['id'] === 'mine');

    expect(offOrigin.asked).toEqual(['/s']);
    expect(there).toMatchObject({ pages: 1, containsCreated: true, offOriginLinks: 1, entry: { id: 'mine' } });
    expect(onward.asked).toEqual(['/s', '/s?p=2']);
    expect(further).toMatchObject({ pages: 2, containsCreated: true, offOriginLinks: 1, entry: { id: 'mine' } });
  });

  test('the last page without it: not listed; a refused list: not known', async () => {
    expect(await walkList(sender({ '/s': page(['a']) }).send, '/s', base, (e) => e['id'] === 'mine')).toMatchObject({
      containsCreated: false,
      pages: 1,
    });
    expect(await walkList(sender({}).send, '/s', base, () => true)).toMatchObject({ containsCreated: null, pages: 0 });
  });
});

describe('operationFact and patchOutcome', () => {
  test('2xx supported; 404, 405 and 501 not supported; other refusals and no answer: null', () => {
    expect(operationFact('GET', '/i', fakeExchange({ status: 200 }))).toEqual({ method: 'GET', path: '/i', supported: true, status: 200 });
    expect(operationFact('PATCH', '/i', fakeExchange({ status: 405, body: errorBody('notSupported') }))).toMatchObject({
      supported: false,
      status: 405,
      code: 'notSupported',
    });
    expect(operationFact('PATCH', '/i', fakeExchange({ status: 400, body: errorBody('invalidRequest') }))).toMatchObject({
      supported: null,
      status: 400,
      code: 'invalidRequest',
    });
    expect(operationFact('GET', '/i', fakeExchange(timedOut))).toMatchObject({ supported: null, status: null });
  });

  test('refused on a 4xx; applied or ignored by the record read after it, else the PATCH answer', () => {
    expect(patchOutcome(fakeExchange({ status: 400 }), undefined, 'f', 'v')).toBe('refused');
    expect(patchOutcome(fakeExchange({ status: 200 }), { f: 'v' }, 'f', 'v')).toBe('applied');
    expect(patchOutcome(fakeExchange({ status: 200, body: { f: 'v' } }), { f: 'old' }, 'f', 'v')).toBe('ignored');
    expect(patchOutcome(fakeExchange({ status: 200, body: { f: 'v' } }), undefined, 'f', 'v')).toBe('applied');
    expect(patchOutcome(fakeExchange({ status: 204 }), undefined, 'f', 'v')).toBeUndefined();
    expect(patchOutcome(fakeExchange(serverFailure()), undefined, 'f', 'v')).toBeUndefined();
  });
});

describe('judgeLifecycle', () => {
  test('INFORMATIONAL with the finding; a 5xx after retries DEVIATES; a hang is an ERROR', () => {
    const ok = judgeLifecycle('open: spec §4', 'read: 200', [
      fakeExchange({ method: 'GET', status: 200 }),
      fakeExchange({ method: 'DELETE', status: 404 }),
    ]);
    const failed = judgeLifecycle('open: spec §4', 'x', [fakeExchange({ method: 'PATCH', ...serverFailure(503) })]);
    const hung = judgeLifecycle('open: spec §4', 'x', [fakeExchange({ method: 'GET', ...timedOut })]);

    expect(ok).toMatchObject({ verdict: 'INFORMATIONAL', specRef: 'open: spec §4', finding: 'read: 200', observed: 'GET 200, DELETE 404' });
    expect(failed).toMatchObject({
      verdict: 'DEVIATES',
      finding:
        'PATCH /_api/v2.0/drive/root/subscriptions answered 503 on each of 4 attempts: the service failed instead of accepting or refusing the request',
    });
    expect(hung.verdict).toBe('ERROR');
  });
});

describe('states', () => {
  test('create, renew and delete move the subscription; a deleted one still read or listed is marked', () => {
    const walk = new StateWalk();
    walk.move('create', 201);
    walk.move('renew', 200);
    walk.move('renew past the limit', 400);
    walk.move('delete', 204);
    walk.move('read', 200);
    walk.move('list', 200, true);
    walk.move('delete', 404);

    expect(walk.moves.map((m) => `${m.from}>${m.action}>${m.to}`)).toEqual([
      'absent>create>active',
      'active>renew>renewed',
      'renewed>renew past the limit>renewed',
      'renewed>delete>deleted',
      'deleted>read>deleted, still readable',
      'deleted>list>deleted, still listed',
      'deleted>delete>deleted',
    ]);
  });

  test('a refused create leaves it absent; a list without it does not mark a deleted one', () => {
    expect(nextState('absent', 'create', 400)).toBe('absent');
    const walk = new StateWalk();
    walk.move('create', 201);
    walk.move('delete', 204);
    expect(walk.move('list', 200, false)).toBe('deleted');
  });
});

describe('mergeLifecycle', () => {
  test('later parts win, field maps and states add up, and what no part said is null', () => {
    const facts = mergeLifecycle([
      {
        operations: { read: { method: 'GET', path: '/i', supported: true, status: 200 } },
        record: { fields: { id: { type: 'string', origin: 'server' } } },
        offOriginLinks: 1,
      },
      { renewal: { otherFields: { a: 'applied' } }, states: [{ from: 'absent', action: 'create', status: 201, to: 'active' }] },
      { renewal: { otherFields: { b: 'refused' }, longestAcceptedMinutes: 10 }, offOriginLinks: 2 },
    ]);

    expect(facts.operations.read.status).toBe(200);
    expect(facts.operations.renew).toEqual({ method: 'PATCH', path: '', supported: null, status: null });
    expect(facts.renewal).toEqual({ longestAcceptedMinutes: 10, pastLimit: null, otherFields: { a: 'applied', b: 'refused' } });
    expect(facts.afterDelete).toEqual({ read: null, delete: null, listed: null });
    expect(facts.states).toHaveLength(1);
    expect(facts.offOriginLinks).toBe(3);
  });
});
