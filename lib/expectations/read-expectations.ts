/**
 * An expectations file read and checked: JSON or YAML, against expectations.schema.json (JSON Schema 2020-12), then
 * what a schema cannot say (a reason still the placeholder, a case named twice, a case no suite declares). Every
 * problem is one line naming the file, the entry and its case, so a CI log says what to fix.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { editDistance } from '../config/did-you-mean.js';
import { formatAjvError } from '../schema/ajv-error.js';
import { shippedSchemaValidator } from '../schema/shipped-schema.js';
import { REASON_PLACEHOLDER, type Expectation, type ExpectationsFile } from './types.js';
import { yaml } from '../yaml.js';

const validator = shippedSchemaValidator('expectations');

export type ReadExpectations = { expectations: Expectation[] } | { problems: string[] };

/** The file's text parsed: YAML for .yaml and .yml, JSON for .json, either for another name. */
export function parseExpectationsText(text: string, path: string): unknown {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') return JSON.parse(text);
  // YAML 1.2 reads JSON too; its errors name the line.
  return yaml().parse(text, { uniqueKeys: true });
}

/** Whose run reads the file: the operation's id leaves out the entries about other operations. */
export interface ExpectationsReader {
  /** Every case id the run can record: an entry naming another is refused. */
  known?: readonly string[];
  /** The run's operation (its id): entries naming another operation are not this run's, neither checked nor applied. */
  operation?: string;
  /** 'kept' lets a reason still the placeholder pass: the `expectations` command rewrites such a file. */
  placeholders?: 'refused' | 'kept';
}

/** Whether an entry is about the reader's operation (an entry naming none is about every one). */
const forReader = (entry: Partial<Expectation>, reader: ExpectationsReader): boolean =>
  entry.operation === undefined || reader.operation === undefined || entry.operation === reader.operation;

/**
 * Checks a parsed file: its shape, then each of the reader's entries' reason and case (duplicates; unknown ids when
 * `known` is given). The entries returned are the reader's.
 */
export function checkExpectations(value: unknown, shownAs: string, reader: ExpectationsReader = {}): ReadExpectations {
  const { known, placeholders = 'refused' } = reader;
  const validate = validator();
  const valid = validate(value);
  // Every problem at once: the shape's, then, for each entry with a case and a reason, what a schema cannot say.
  const problems: string[] = valid
    ? []
    : [...new Set((validate.errors ?? []).map((e) => `${shownAs}: ${where(value, e.instancePath)}${formatAjvError(e)}`))];
  const entries = (value as { expectations?: unknown }).expectations;
  const expectations = (Array.isArray(entries) ? entries : []) as Partial<Expectation>[];
  const seen = new Map<string, number>();
  const knownSet = known === undefined ? undefined : new Set(known);
  expectations.forEach((entry, i) => {
    if (typeof entry !== 'object' || entry === null || typeof entry.case !== 'string' || !forReader(entry, reader)) return;
    const at = `${shownAs}: /expectations/${i} (${entry.case})`;
    if (placeholders === 'refused' && typeof entry.reason === 'string' && isPlaceholder(entry.reason)) {
      problems.push(`${at}: the reason is still a placeholder: say why this deviation is accepted`);
    }
    // Read for no one operation (the expectations command), a case may be named once per operation.
    const key = reader.operation === undefined ? `${entry.operation ?? ''} ${entry.case}` : entry.case;
    const first = seen.get(key);
    if (first !== undefined) problems.push(`${at}: the case is named already at /expectations/${first}`);
    else seen.set(key, i);
    if (knownSet !== undefined && known !== undefined && !knownSet.has(entry.case)) {
      const meant = closestCase(entry.case, known);
      problems.push(`${at}: no suite has this case${meant === undefined ? '' : `; did you mean ${meant}?`}`);
    }
  });
  return problems.length === 0
    ? { expectations: (value as ExpectationsFile).expectations.filter((e) => forReader(e, reader)) }
    : { problems };
}

/** A reason nobody wrote yet: the placeholder the `expectations` command writes, or any that starts with TODO. */
export const isPlaceholder = (reason: string): boolean => reason.trim() === REASON_PLACEHOLDER || /^TODO\b/i.test(reason.trim());

/** Reads and checks an expectations file; every problem is one line. */
export async function readExpectations(path: string, shownAs: string, reader: ExpectationsReader = {}): Promise<ReadExpectations> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return { problems: [`${shownAs}: cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`] };
  }
  let value: unknown;
  try {
    value = parseExpectationsText(text, path);
  } catch (error) {
    return {
      problems: [
        `${shownAs}: not ${extname(path).toLowerCase() === '.json' ? 'JSON' : 'JSON or YAML'}: ${firstLine((error as Error).message)}`,
      ],
    };
  }
  return checkExpectations(value, shownAs, reader);
}

/** The known case id a mistyped one was likely meant to be: the nearest within a fifth of its length (at least 2 edits). */
export function closestCase(given: string, known: readonly string[]): string | undefined {
  const allowed = Math.max(2, Math.floor(given.length / 5));
  let best: { id: string; d: number } | undefined;
  for (const id of known) {
    const d = editDistance(given, id);
    if (d <= allowed && (best === undefined || d < best.d)) best = { id, d };
  }
  return best?.id;
}

/** `/expectations/2 (case-id): ` for an error inside an entry whose case is known, else nothing. */
function where(value: unknown, pointer: string): string {
  const match = /^\/expectations\/(\d+)(?:\/|$)/.exec(pointer);
  if (match === null) return '';
  const entry = (value as { expectations?: unknown[] }).expectations?.[Number(match[1])];
  const id = typeof entry === 'object' && entry !== null ? (entry as { case?: unknown }).case : undefined;
  return typeof id === 'string' ? `(${id}) ` : '';
}

const firstLine = (text: string): string => text.split('\n')[0] ?? text;
