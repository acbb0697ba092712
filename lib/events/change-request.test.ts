import { expect, test } from 'vitest';
import { changeRequestSpec } from './change-request.js';

test('a JSON body goes as application/json, any other as text/plain, none as none', () => {
  expect(changeRequestSpec({ kind: 'request', method: 'PATCH', path: '/items/1', body: '{"name":"x"}' })).toEqual({
    method: 'PATCH',
    path: '/items/1',
    headers: { 'content-type': 'application/json' },
    body: '{"name":"x"}',
  });
  expect(changeRequestSpec({ kind: 'request', method: 'PUT', path: '/a.txt', body: 'hello' }).headers).toEqual({
    'content-type': 'text/plain; charset=utf-8',
  });
  expect(changeRequestSpec({ kind: 'request', method: 'POST', path: '/_reference/trigger', body: undefined })).toEqual({
    method: 'POST',
    path: '/_reference/trigger',
  });
});
