/**
 * bin/reference.ts as a user runs it: a child process under plain node with tsx's loader (as
 * `npm run reference` does through tsx), read from its stdout, stopped by a signal.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { CREATE_PATH, v2Body } from '../test/support/reference-client.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 20_000;

interface Started {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  stderr: () => string;
}

const children: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(args: string[], env: Record<string, string | undefined>): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/reference.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ACCESS_TOKEN: undefined, REFERENCE_PROFILE: undefined, ...env },
  });
  children.push(child);
  return child;
}

/** Starts the CLI and waits until it printed its hints (the last line is the token line). */
async function start(args: string[], env: Record<string, string | undefined> = {}): Promise<Started> {
  const child = run(args, env);
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`reference CLI printed no URL within ${START_TIMEOUT_MS} ms: ${err}`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (/ACCESS_TOKEN/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`reference CLI exited early: ${err}`));
    });
  });
  return { child, lines: out.trim().split('\n'), stderr: () => err };
}

async function create(url: string, token: string): Promise<number> {
  // v2Body's notificationUrl is off the machine, which the handshake (on in the default profile) refuses.
  const off = await fetch(`${url}/_reference/handshake`, { method: 'PUT', body: 'off' });
  await off.arrayBuffer();
  const res = await fetch(`${url}${CREATE_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(v2Body()),
  });
  await res.arrayBuffer();
  return res.status;
}

test('with ACCESS_TOKEN set: prints the URL first, never the token, accepts it, stops on SIGTERM', async () => {
  const token = 'env-token-that-must-not-be-printed';

  const { child, lines } = await start(['--port', '0'], { ACCESS_TOKEN: token });

  const url = lines[0] ?? '';
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(lines.join('\n')).not.toContain(token);
  expect(await create(url, token)).toBe(201);
  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(0);
});

test('without ACCESS_TOKEN: prints a generated token as an export hint, and it works; stops on SIGINT', async () => {
  const { child, lines } = await start([]);

  const hint = lines.find((l) => l.startsWith('export ACCESS_TOKEN='));
  const token = hint?.slice('export ACCESS_TOKEN='.length) ?? '';
  expect(token).toMatch(/^ref-[\w-]{20,}$/);
  expect(await create(lines[0] ?? '', token)).toBe(201);
  child.kill('SIGINT');
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(0);
});

test.each([
  ['--profile', ['--profile', 'graph-like'], {}],
  ['REFERENCE_PROFILE', [], { REFERENCE_PROFILE: 'graph-like' }],
])('the profile comes from %s', async (_label, args, env) => {
  const { lines } = await start(args, env);

  const profile = (await (await fetch(`${lines[0] ?? ''}/_reference/profile`)).json()) as { name: string };

  expect(profile.name).toBe('graph-like');
});

test('an unknown profile: exit code 2 with the known names', async () => {
  const child = run(['--profile', 'nope'], {});
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));

  const [code] = (await once(child, 'exit')) as [number | null];

  expect(code).toBe(2);
  expect(err).toMatch(/reference profile 'nope' is unknown; known: default, graph-like/);
});
