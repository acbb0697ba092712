import { afterEach, expect, test } from 'vitest';
import { loadSettings } from '../config/load-config.js';
import { startRunReceiver } from './for-run.js';
import type { Receiver } from './server.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const config = (env: Record<string, string>) => loadSettings({ env: env, cwd: '/tmp', dotenvPath: false });

test('NOTIFICATION_URL names another receiver: none is started', async () => {
  const log: string[] = [];
  expect(await startRunReceiver(config({ NOTIFICATION_URL: 'https://hooks.example.com/x' }), (l) => log.push(l))).toBeUndefined();
  expect(log).toEqual([]);
});

test('by default an https loopback receiver on any free port', async () => {
  const log: string[] = [];
  receiver = await startRunReceiver(config({}), (l) => log.push(l));
  expect(receiver?.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/notifications$/);
  expect(log).toEqual([`receiver: notifications to ${receiver?.url ?? ''}`]);
});

test('a remote target without RECEIVER_PUBLIC_URL gets a warning: it cannot reach loopback', async () => {
  const log: string[] = [];
  receiver = await startRunReceiver(config({ BASE_URL: 'https://tenant.example.com' }), (l) => log.push(l));
  expect(log[1]).toMatch(
    /^receiver: WARNING: tenant\.example\.com cannot reach https:\/\/127\.0\.0\.1:\d+\/notifications; .* Set RECEIVER_PUBLIC_URL/,
  );
});

test('RECEIVER_PUBLIC_URL with RECEIVER_PORT: listens on that port, bodies carry the public URL', async () => {
  const free = await startRunReceiver(config({}));
  const port = Number(new URL(free?.localUrl ?? '').port);
  await free?.close();
  const log: string[] = [];
  receiver = await startRunReceiver(
    config({ BASE_URL: 'https://tenant.example.com', RECEIVER_PUBLIC_URL: 'https://tunnel.example.net/hook', RECEIVER_PORT: String(port) }),
    (l) => log.push(l),
  );
  expect(receiver?.url).toBe('https://tunnel.example.net/hook');
  expect(receiver?.localUrl).toBe(`http://127.0.0.1:${port}`);
  expect(log).toEqual([`receiver: notifications to https://tunnel.example.net/hook (forwarded to http://127.0.0.1:${port})`]);
});
