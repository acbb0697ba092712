import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { renderEnvExample } from './env-example.js';
import { SETTINGS } from './settings.js';

const committed = fileURLToPath(new URL('../../.env.example', import.meta.url));

test('the committed .env.example is the rendered one (npm run docs)', async () => {
  await expect(renderEnvExample()).toMatchFileSnapshot(committed);
});

test('every setting appears as a commented-out assignment of its default', () => {
  const lines = renderEnvExample().split('\n');
  for (const s of SETTINGS) {
    if (s.runner === true) expect(lines.join('\n')).not.toContain(`# ${s.name}=`);
    else expect(lines).toContain(`# ${s.name}=${s.default ?? ''}`);
  }
  expect(lines.filter((line) => line.trim() !== '' && !line.startsWith('#'))).toEqual([]);
});
