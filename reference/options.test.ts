import { connect } from 'node:net';
import { once } from 'node:events';
import { expect, test } from 'vitest';
import { startReferenceService } from './index.js';
import { TOKEN } from '../test/support/reference-client.js';

test.each([
  [{ tokens: [TOKEN], host: '0.0.0.0' }, /host must be a loopback address/],
  [{ tokens: [TOKEN], host: '192.168.1.10' }, /host must be a loopback address/],
  [{ tokens: [] }, /tokens must list at least one bearer token/],
  [{ tokens: ['has space'] }, /printable ASCII without spaces/],
  [{ tokens: [TOKEN], requestTimeoutMs: 5 }, /requestTimeoutMs/],
  [{ tokens: [TOKEN], profile: 'nope' }, /reference profile 'nope' is unknown/],
  [{ tokens: [TOKEN], faults: { dropShare: 2 } }, /dropShare/],
  [{ tokens: [TOKEN], handshake: 'yes' }, /handshake must be true, false or left out/],
  [{ tokens: [TOKEN], host: '[::1]' }, /host must be a loopback address/],
])('startReferenceService(%j) is refused', async (options, message) => {
  await expect(startReferenceService(options as never)).rejects.toThrow(message);
});

test('listens on 127.0.0.1 and a free port by default; url has no trailing slash', async () => {
  const service = await startReferenceService({ tokens: [TOKEN] });
  try {
    expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  } finally {
    await service.close();
  }
});

test('close() ends open keep-alive connections at once, and a second close() is harmless', async () => {
  const service = await startReferenceService({ tokens: [TOKEN] });
  const socket = connect({ host: '127.0.0.1', port: Number(new URL(service.url).port) });
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  socket.write('GET /_reference/stats HTTP/1.1\r\nHost: x\r\n\r\n');
  await once(socket, 'data');
  const closed = once(socket, 'close');

  const started = performance.now();
  await service.close();
  await closed;
  await service.close();

  expect(performance.now() - started).toBeLessThan(1_000);
});
