/**
 * A run stopped by its caller: what is on the wire is answered and recorded (a create the target made must reach the
 * ledger), what is not yet sent is refused with the stop's words, and the run can wait, bounded, for the wire to empty.
 */
import { expect, test } from 'vitest';
import { HttpEngine } from './engine.js';
import { fastOptions, startServer } from '../../test/support/http-server.js';

test('refuseNew: the request on the wire is answered, the next is not sent; settled waits for the first, bounded', async () => {
  const arrived: string[] = [];
  const server = await startServer((req, res) => {
    arrived.push(`${req.method} ${req.url}`);
    setTimeout(() => res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"a"}'), 300);
  });
  const seen: (number | null)[] = [];
  const engine = new HttpEngine({ ...fastOptions, baseUrl: server.url, onExchange: (e) => seen.push(e.status) });
  try {
    const onWire = engine.send({ method: 'POST', path: '/subs', body: '{}' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(arrived).toEqual(['POST /subs']);
    engine.refuseNew('the run was stopped before the request was sent');
    expect(await engine.settled(10), 'still on the wire after 10 ms').toBe(false);
    const refused = await engine.send({ method: 'POST', path: '/subs', body: '{}' });
    expect(refused.failure).toEqual({ kind: 'stopped', message: 'the run was stopped before the request was sent' });
    expect(await engine.settled(2_000)).toBe(true);
    // The answer reached the exchange's listener (the ledger's) before settled said the wire was empty: the refused
    // request's record first, then the create's.
    expect(seen).toEqual([null, 201]);
    expect((await onWire).status).toBe(201);
    expect(arrived).toEqual(['POST /subs']);
    expect(await engine.settled(0), 'nothing in flight: at once').toBe(true);
  } finally {
    await engine.close();
    await server.close();
  }
});
