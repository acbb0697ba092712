/** The parts of undici the engine loads one by one are the very ones undici's index exports, and work alone. */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as undici from 'undici';
import { expect, test } from 'vitest';
import * as parts from './undici-parts.js';

test('each part is what undici exports under its name', () => {
  expect(parts.Client).toBe(undici.Client);
  expect(parts.Pool).toBe(undici.Pool);
  expect(parts.Agent).toBe(undici.Agent);
  expect(parts.ProxyAgent).toBe(undici.ProxyAgent);
  expect(parts.buildConnector).toBe(undici.buildConnector);
});

// In a process of its own: here undici's index is loaded already, and it gives the methods itself.
test("without undici's index, every dispatcher has the methods the index gives (a ProxyAgent tunnels with connect)", () => {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const module = pathToFileURL(fileURLToPath(new URL('./undici-parts.ts', import.meta.url))).href;
  const code = [
    `const parts = await import(${JSON.stringify(module)});`,
    "const loaded = Object.keys((await import('node:module')).createRequire(import.meta.url).cache).filter((k) => k.includes('undici'));",
    "console.log(JSON.stringify({ index: loaded.some((k) => /undici[\\\\/]index\\.js$/.test(k)), methods: ['request', 'stream', 'pipeline', 'connect', 'upgrade'].map((m) => typeof parts.ProxyAgent.prototype[m]) }));",
  ].join('\n');
  const child = spawnSync(process.execPath, ['--import', tsx, '--input-type=module', '-e', code], { encoding: 'utf8', timeout: 30_000 });
  expect(child.stderr).toBe('');
  expect(JSON.parse(child.stdout)).toEqual({ index: false, methods: ['function', 'function', 'function', 'function', 'function'] });
});
