import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../report/atomic-write.js';
import type { Baseline } from './types.js';
import { validateBaseline } from './validate-baseline.js';
import { BaselineFileError } from '../errors.js';

const LINE_WIDTH = 120;

/**
 * The file's text: JSON with one combination, value class or limit per line (two-space indent, final
 * newline), so that a change of behaviour shows in `git diff` as the lines that changed, nothing else.
 */
export function baselineText(baseline: Baseline): string {
  return `${layout(baseline, [])}\n`;
}

/** A combination (`matrix/3`), a value class (`values/f/classes/c`) or a limit (`values/f/limits/l`). */
function isRecord(path: readonly string[]): boolean {
  return (path.length === 2 && path[0] === 'matrix') || (path.length === 4 && path[0] === 'values');
}

/** Records, and other containers that fit within LINE_WIDTH, go on one line; the rest one item per line. */
function layout(value: unknown, path: readonly string[]): string {
  const flat = oneLine(value);
  const indent = '  '.repeat(path.length);
  const fits = path.length > 0 && indent.length + flat.length <= LINE_WIDTH;
  if (value === null || typeof value !== 'object' || fits || isRecord(path)) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item, i) => `${inner}${layout(item, [...path, String(i)])}`).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${layout(v, [...path, k])}`).join(',\n')}\n${indent}}`;
}

function oneLine(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')} }`;
}

/** Reads and validates a baseline file. */
export async function readBaseline(path: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new BaselineFileError('BASELINE_UNREADABLE', path, [
      code === 'ENOENT' ? 'no such file' : `cannot read it (${String(code ?? error)})`,
    ]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BaselineFileError('BASELINE_INVALID', path, [`not JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
  const checked = validateBaseline(value);
  if (!checked.valid) throw new BaselineFileError('BASELINE_INVALID', path, checked.errors);
  return checked.baseline;
}

/** Validates, then writes the baseline atomically (its folder created if missing). */
export async function writeBaseline(path: string, baseline: Baseline): Promise<void> {
  const checked = validateBaseline(baseline);
  if (!checked.valid) throw new BaselineFileError('BASELINE_INVALID', path, checked.errors);
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, baselineText(baseline));
}
