import { expect, test } from 'vitest';
import { Secret } from '../secret.js';
import { describeCommandResult, runCommand } from './run-command.js';

test('a command that exits 0 is ok and sees the variables it is given', async () => {
  const result = await runCommand('test "$CHANGE_SUBSCRIPTION_ID" = sub-1 && echo done', {
    env: { CHANGE_SUBSCRIPTION_ID: 'sub-1' },
    timeoutMs: 5_000,
  });
  expect(result).toMatchObject({ ok: true, exitCode: 0, timedOut: false, outputTail: 'done' });
  expect(describeCommandResult(result, 5_000)).toMatch(/^CHANGE_COMMAND exited 0 after \d+ ms$/);
});

test('a failing command says its exit code and the end of its output, without the token', async () => {
  const result = await runCommand('echo "401 for token tok-0123456789"; echo "denied with tok-0123456789" >&2; exit 3', {
    env: {},
    timeoutMs: 5_000,
    secret: new Secret('tok-0123456789'),
  });
  expect(result).toMatchObject({ ok: false, exitCode: 3, timedOut: false });
  const line = describeCommandResult(result, 5_000);
  expect(line).toMatch(/^CHANGE_COMMAND exited 3 after \d+ ms; its output ends: "denied with \[redacted\]"$/);
  expect(line).not.toContain('tok-0123456789');
});

test('a command past its time is killed with what it started, and says so', async () => {
  const started = Date.now();
  const result = await runCommand('sleep 30 & sleep 30; wait', { env: {}, timeoutMs: 300 });
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(result).toMatchObject({ ok: false, timedOut: true });
  expect(describeCommandResult(result, 300)).toBe('CHANGE_COMMAND ran past CHANGE_COMMAND_TIMEOUT_SECONDS (0.3 s) and was killed');
});
