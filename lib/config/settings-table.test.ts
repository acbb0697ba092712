import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { SETTINGS } from './settings.js';
import { renderSettingsTable, withSettingsTable } from './settings-table.js';

const page = readFileSync(new URL('../../docs/settings.md', import.meta.url), 'utf8');

test('the settings table of docs/settings.md is the rendered one (run npm run docs after changing a setting)', () => {
  expect(withSettingsTable(page)).toBe(page);
});

test('every setting has a row with its default', () => {
  const table = renderSettingsTable();
  for (const s of SETTINGS) expect(table).toContain(`| \`${s.name}\` |`);
});
