/**
 * The `randomAnswerShare` fault: "a server that lies". A random status, a random or malformed body,
 * no Retry-After on a 429 and no challenge on a 401: everything a careful client must survive.
 */
import type { Answer } from './answer.js';

const STATUSES = [200, 201, 400, 401, 404, 429, 500, 502];
const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'text/html', 'text/plain', undefined];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

const BODIES: ((next: () => number) => string | Uint8Array)[] = [
  (next) =>
    JSON.stringify({ error: { code: pick(next, ['invalidRequest', 'generalException', 'itemNotFound']), message: 'random answer' } }),
  () => '{"error": {"code": "invalidReq', // cut off mid-string
  () => '',
  (next) => Uint8Array.from({ length: Math.floor(next() * 64) }, () => Math.floor(next() * 256)),
  () => '<html><body><h1>Bad Gateway</h1></body></html>',
  () => JSON.stringify({ id: 'not-a-subscription', value: 42 }),
];

export function randomAnswer(next: () => number): Answer {
  const status = pick(next, STATUSES);
  const body = pick(next, BODIES)(next);
  const contentType = pick(next, CONTENT_TYPES);
  return { status, headers: contentType === undefined ? {} : { 'content-type': contentType }, body };
}
