import { expect, test } from 'vitest';
import { describeSettings } from './describe-settings.js';
import { loadSettingsWithOrigins } from './load-config.js';
import { SETTINGS } from './settings.js';

const lineOf = (lines: string[], name: string): string | undefined => lines.find((l) => l.trimStart().startsWith(`${name} `));

test('every setting given in seconds is printed in seconds, whatever unit it is kept in', () => {
  const given = { MAX_RUN_SECONDS: '120', HANDSHAKE_DEADLINE_MAX_SECONDS: '7', SLOW_RECEIVER_SECONDS: '3' };
  const read = loadSettingsWithOrigins({ env: given, cwd: '/tmp/probe-describe', dotenvPath: false });
  const lines = describeSettings(read.settings, read.origins);
  expect(lineOf(lines, 'MAX_RUN_SECONDS')).toMatch(/ 120 s \(from the environment\)$/);
  expect(lineOf(lines, 'HANDSHAKE_DEADLINE_MAX_SECONDS')).toMatch(/ 7 s \(from the environment\)$/);
  expect(lineOf(lines, 'SLOW_RECEIVER_SECONDS')).toMatch(/ 3 s \(from the environment\)$/);
});

test('each _SECONDS setting left at its default prints its default, in seconds', () => {
  const read = loadSettingsWithOrigins({ env: {}, cwd: '/tmp/probe-describe', dotenvPath: false });
  const lines = describeSettings(read.settings, read.origins);
  const timed = SETTINGS.filter((s) => s.name.endsWith('_SECONDS') && s.default !== undefined);
  expect(timed.map((s) => s.name)).toContain('HANDSHAKE_DEADLINE_MAX_SECONDS');
  for (const s of timed) expect(lineOf(lines, s.name), s.name).toMatch(new RegExp(` ${Number(s.default)} s \\(default\\)$`));
});
