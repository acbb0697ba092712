import { SETTINGS } from './settings.js';

/** The settings table of docs/settings.md, rendered from the same data as the loader and .env.example. */
export function renderSettingsTable(): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|');
  const rows = SETTINGS.map((s) => {
    const fallback = s.default === undefined ? `unset: ${s.whenUnset ?? 'none'}` : `\`${s.default}\``;
    return `| \`${s.name}\` | ${cell(fallback)} | ${cell(s.description)} | ${cell(s.parser.accepts)} |`;
  });
  return ['| Setting | Default | Meaning | Accepts |', '|---|---|---|---|', ...rows].join('\n');
}

const SETTINGS_TABLE_START = '<!-- settings-table:start (generated from lib/config/settings.ts; npm run docs) -->';
const SETTINGS_TABLE_END = '<!-- settings-table:end -->';

/** Replaces the generated table between the markers of a page's text. */
export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(SETTINGS_TABLE_START);
  const end = readme.indexOf(SETTINGS_TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/settings.md: settings-table markers not found');
  return `${readme.slice(0, start + SETTINGS_TABLE_START.length)}\n${renderSettingsTable()}\n${readme.slice(end)}`;
}
