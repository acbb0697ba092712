/** `npm run docs`: rewrites the generated parts of docs/settings.md and .env.example from lib/config/settings.ts. */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderEnvExample } from '../lib/config/env-example.js';
import { withSettingsTable } from '../lib/config/settings-table.js';

const pagePath = new URL('../docs/settings.md', import.meta.url);
writeFileSync(pagePath, withSettingsTable(readFileSync(pagePath, 'utf8')));
writeFileSync(new URL('../.env.example', import.meta.url), renderEnvExample());
console.log('docs: docs/settings.md settings table and .env.example rewritten');
