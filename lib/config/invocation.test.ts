import { expect, test } from 'vitest';
import { commandAsTyped } from './invocation.js';

test('a hint names a command as the user started the tool: npm run under npm scripts, the package command otherwise', () => {
  const npmRun = { npm_command: 'run-script', npm_lifecycle_event: 'probe' };
  expect(commandAsTyped('cleanup', '', npmRun)).toBe('npm run cleanup');
  expect(commandAsTyped('baseline', '--accept', npmRun)).toBe('npm run baseline -- --accept');
  expect(commandAsTyped('cleanup', '', { npm_command: 'exec' })).toBe('npx subscription-conformance cleanup');
  expect(commandAsTyped('baseline', '--accept', {})).toBe('npx subscription-conformance baseline --accept');
});
