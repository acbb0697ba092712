/**
 * Many exchanges waiting at once (deletes retrying after 5xx, requests on the wire) share the engine's
 * one closing signal. Each used to add its own abort listener to it, and past ten Node warned
 * `MaxListenersExceededWarning` on the console of a perfectly healthy run.
 */
import { afterEach, expect, test } from 'vitest';
import { HttpEngine } from './engine.js';
import { fastOptions, startServer } from '../../test/support/http-server.js';

const warnings: string[] = [];
const onWarning = (warning: Error): void => {
  warnings.push(`${warning.name}: ${warning.message}`);
};
afterEach(() => {
  process.off('warning', onWarning);
});

test('30 exchanges retrying and in flight at once add no warning, and closing still stops every wait', async () => {
  process.on('warning', onWarning);
  let answered = 0;
  const server = await startServer((_req, res) => {
    answered += 1;
    // The first 30 answers are 500 (each exchange then sleeps before its retry), later ones hang.
    if (answered <= 30) {
      res.writeHead(500).end();
      return;
    }
    setTimeout(() => res.writeHead(204).end(), 400);
  });
  const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, concurrency: 30, maxRetries: 1 });
  try {
    const sends = Array.from({ length: 30 }, (_, i) => engine.send({ method: 'DELETE', path: `/subs/${i}` }));
    const exchanges = await Promise.all(sends);
    expect(exchanges.map((x) => x.status)).toEqual(Array.from({ length: 30 }, () => 204));
    expect(exchanges.every((x) => x.retriedStatuses.join() === '500')).toBe(true);
    // A second wave, closed while its requests are on the wire: every one ends at once.
    const second = Array.from({ length: 20 }, (_, i) => engine.send({ method: 'DELETE', path: `/more/${i}` }));
    setTimeout(() => void engine.close(), 100);
    const closed = await Promise.all(second);
    expect(closed.every((x) => x.failure?.kind === 'deadline')).toBe(true);
  } finally {
    await engine.close();
    await server.close();
  }
  await new Promise((resolve) => setImmediate(resolve));
  expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
});
