import { SETTINGS, type AnySetting } from './settings.js';

const HEADER = [
  '# Settings of the subscription conformance probe.',
  '# Copy to .env and uncomment what you change: defaults < .env < the environment < command-line flags.',
  '# Generated from lib/config/settings.ts by renderEnvExample(); do not edit by hand.',
  '# Regenerate: npm run docs',
];

function block(s: AnySetting): string[] {
  const example = s.example === undefined ? '' : ` Example: ${s.example}`;
  const fallback = s.default === undefined ? `unset (${s.whenUnset ?? 'none'})` : s.default;
  return [`# ${s.description}`, `# Accepts: ${s.parser.accepts}. Default: ${fallback}.${example}`, `# ${s.name}=${s.default ?? ''}`];
}

/**
 * The text of .env.example: every setting with its description, what it accepts and its default; not the CI
 * runner's own variables, which are never read from .env.
 */
export function renderEnvExample(): string {
  return [HEADER, ...SETTINGS.filter((s) => s.runner !== true).map(block)].map((lines) => lines.join('\n')).join('\n\n') + '\n';
}
