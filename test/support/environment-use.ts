/**
 * Where product code touches process.env, found in its text: the settings are read once by the command
 * (lib/config) and travel as a value, so a read anywhere else in lib/ or suites/ is a setting read twice, and a
 * write anywhere is a setting changed behind the user's back (as vitest.config.ts once set BASE_URL).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface EnvironmentUse {
  file: string;
  line: number;
  kind: 'read' | 'write';
  text: string;
}

/** An assignment, compound assignment, delete or Object.assign/defineProperty on process.env or one of its keys. */
const WRITE =
  /process\.env(?:\.\w+|\[[^\]]+\])?\s*(?:[+?|&]{0,2}=(?!=))|delete\s+process\.env|Object\.(?:assign|defineProperty)\(\s*process\.env/;
const READ = /process\.env\b/;

/** Every use of process.env in the TypeScript and JavaScript files under `paths` (files or folders), test files left out. */
export function environmentUses(root: string, paths: readonly string[]): EnvironmentUse[] {
  const uses: EnvironmentUse[] = [];
  const visit = (path: string): void => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
      return;
    }
    if (!/\.(ts|mts|mjs|js)$/.test(path) || /\.test\.ts$/.test(path)) return;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const code = text.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
        if (!READ.test(code)) return;
        uses.push({ file: relative(root, path), line: i + 1, kind: WRITE.test(code) ? 'write' : 'read', text: text.trim() });
      });
  };
  for (const path of paths) visit(join(root, path));
  return uses;
}
