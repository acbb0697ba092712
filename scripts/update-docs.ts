/** `npm run docs`: rewrites the generated parts of README.md and .env.example from lib/config/settings.ts. */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderEnvExample } from '../lib/config/env-example.js';
import { withSettingsTable } from '../lib/config/settings-table.js';

const readmePath = new URL('../README.md', import.meta.url);
writeFileSync(readmePath, withSettingsTable(readFileSync(readmePath, 'utf8')));
writeFileSync(new URL('../.env.example', import.meta.url), renderEnvExample());
console.log('docs: README.md settings table and .env.example rewritten');
