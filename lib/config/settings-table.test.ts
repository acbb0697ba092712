import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { SETTINGS } from './settings.js';
import { renderSettingsTable, withSettingsTable } from './settings-table.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

test('the README settings table is the rendered one (run npm run docs after changing a setting)', () => {
  expect(withSettingsTable(readme)).toBe(readme);
});

test('every setting has a row with its default', () => {
  const table = renderSettingsTable();
  for (const s of SETTINGS) expect(table).toContain(`| \`${s.name}\` |`);
});
