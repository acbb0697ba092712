import { Writable } from 'node:stream';
import { expect, test } from 'vitest';
import { Secret } from '../secret.js';
import { guardConsole } from './console-guard.js';
import { Redactor } from './redactor.js';

test('every write, string or bytes, reaches the stream redacted; the original comes back after', async () => {
  const token = 'console-token+/=_-0123456789';
  const seen: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      seen.push(chunk.toString('utf8'));
      callback();
    },
  }) as unknown as NodeJS.WriteStream;
  const redactor = Redactor.of();
  const restore = guardConsole(redactor, [stream]);
  redactor.add(new Secret(token)); // a secret learnt after the guard was put up counts too
  let called = false;
  stream.write(`a ${token}\n`);
  stream.write(Buffer.from(`b ${encodeURIComponent(token)}\n`));
  stream.write(`c ${token.slice(8, 18)}`, 'utf8', () => (called = true));
  stream.write('plain\n');
  restore();
  stream.write(`d ${token}`);
  expect(seen).toEqual(['a [redacted]\n', 'b [redacted]\n', 'c [redacted]', 'plain\n', `d ${token}`]);
  await new Promise((resolve) => setImmediate(resolve));
  expect(called).toBe(true);
});
