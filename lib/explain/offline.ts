/**
 * `explain --report PATH`: explains a body from a recorded behaviour report, sending nothing. The
 * report's presence matrix says what each combination of fields got (with known-good values); its
 * value table, when present, says which value classes were rejected and which limits were found.
 * That is best effort, and the output says what it cannot know (see `LIMITS`).
 */
import { isObject } from '../json.js';
import { list } from '../inference/words.js';
import { singleCauseSentence, singleChangeWords } from './fix-words.js';
import type { SingleChange } from './singles.js';
import { InputError } from '../errors.js';

// The keys of reports/behaviour-report.json explain reads (lib/report/types.ts has the whole report).
// Declared here, as the JSON they are read from: a report of an older or newer suite may lack some.
interface MatrixEntry {
  present: string[];
  status: number | null;
  outcome: string;
  errorCode?: string;
  errorMessage?: string;
}

interface ValueClassResult {
  classId: string;
  description: string;
  /** The value as sent, short JSON text (cut ones end with their length and are not JSON). */
  sent?: string;
  status: number | null;
  errorCode?: string;
  errorMessage?: string;
}

interface ReportedLimit {
  name: string;
  value?: number;
  unit: string;
}

interface FieldValues {
  accepted: ValueClassResult[];
  rejected: ValueClassResult[];
  limits: ReportedLimit[];
}

export interface OfflineReport {
  run: { target: string; startedAt: string; targetKind?: string; referenceProfile?: string };
  /** A probe's report names the operation's method and path too (what --har picks requests by). */
  operation: { fields: string[]; method?: string; path?: string };
  matrix: MatrixEntry[];
  values?: Record<string, FieldValues>;
  diagnosis?: { message: string };
}

export interface OfflineExplanation {
  lines: string[];
  /** Something in the report explains the rejection (a rejected combination, or a value in a rejected class). */
  explained: boolean;
}

/** Checks the shape explain relies on; one line naming what is wrong (`flag`: the option that named the file). */
export function readReport(text: string, label: string, flag = '--report'): OfflineReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InputError(`${flag} ${label}: not JSON; give reports/behaviour-report.json of a probe run`);
  }
  if (!isObject(value)) throw new InputError(`${flag} ${label}: not a behaviour report (not a JSON object)`);
  const operation = value['operation'];
  const matrix = value['matrix'];
  const run = value['run'];
  if (!isObject(operation) || !Array.isArray(operation['fields']) || !operation['fields'].every((f) => typeof f === 'string')) {
    throw new InputError(`${flag} ${label}: not a behaviour report (no operation.fields)`);
  }
  if (!Array.isArray(matrix) || !matrix.every((m) => isObject(m) && Array.isArray(m['present']) && typeof m['outcome'] === 'string')) {
    throw new InputError(`${flag} ${label}: not a behaviour report (no matrix of combinations)`);
  }
  if (!isObject(run) || typeof run['target'] !== 'string') throw new InputError(`${flag} ${label}: not a behaviour report (no run.target)`);
  return value as unknown as OfflineReport;
}

export const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x) => b.includes(x));
const distance = (a: readonly string[], b: readonly string[]): number =>
  a.filter((x) => !b.includes(x)).length + b.filter((x) => !a.includes(x)).length;

function answerWords(e: Omit<MatrixEntry, 'present'>): string {
  if (e.outcome === 'unstable' || e.outcome === 'error') return `${e.outcome} (no verdict recorded)`;
  const code = e.errorCode === undefined ? '' : ` ${e.errorCode}`;
  const message = e.errorMessage === undefined ? '' : ` "${e.errorMessage}"`;
  return `${e.outcome} ${e.status ?? ''}${code}${message}`.replace(/\s+$/, '');
}

const combo = (present: readonly string[]): string => (present.length === 0 ? '(no fields)' : present.join(', '));

/** The JSON kind of a value: string, number, boolean, null, array, object. */
function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** A coarse shape of a string: runs of digits and of letters collapsed, punctuation kept. */
export function stringShape(s: string): string {
  return s.replace(/[0-9]+/g, '9').replace(/[A-Za-z]+/g, 'a');
}

/** The value a class was sent with, when the report kept it whole (cut values end with their length). */
function sentValue(c: ValueClassResult): { ok: true; value: unknown } | { ok: false } {
  if (c.sent === undefined) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(c.sent) };
  } catch {
    return { ok: false };
  }
}

/** How a value falls in a recorded class, or undefined. */
export function matchClass(value: unknown, c: ValueClassResult, accepted: readonly ValueClassResult[]): string | undefined {
  const sent = sentValue(c);
  if (!sent.ok) return undefined;
  if (JSON.stringify(sent.value) === JSON.stringify(value)) return 'the very value recorded';
  if (kindOf(value) !== 'string') return kindOf(sent.value) === kindOf(value) ? `a JSON ${kindOf(value)}, as the class` : undefined;
  if (typeof sent.value !== 'string') return undefined;
  const shape = stringShape(value as string);
  if (shape !== stringShape(sent.value)) return undefined;
  // A shape an accepted class has too says nothing.
  const ambiguous = accepted.some((a) => {
    const s = sentValue(a);
    return s.ok && typeof s.value === 'string' && stringShape(s.value) === shape;
  });
  return ambiguous ? undefined : 'the same shape (digits and letters aside)';
}

/** The value measured in the limit's unit (minutes ahead of now, characters), when it can be. */
function measure(value: unknown, limit: ReportedLimit, now: Date): number | undefined {
  if (typeof value !== 'string') return undefined;
  if (limit.unit === 'characters') return [...value].length;
  if (limit.unit === 'minutes') {
    const at = Date.parse(value);
    return Number.isNaN(at) ? undefined : Math.floor((at - now.getTime()) / 60_000);
  }
  return undefined;
}

const LIMITS = [
  'What the report cannot tell offline:',
  '  - whether the target still behaves as it did when the report was made;',
  "  - the matrix was made with known-good values: it cannot tell a field's presence and a bad value apart, nor how they combine;",
  '  - only the value classes the report recorded can be matched, and only by value, JSON type or shape;',
  "  - lifetimes are measured from now, the report's limits from its run;",
  "  - fields outside the report's operation were never probed.",
  'Run without --report to ask the target (npm run explain -- FILE).',
];

/** What the matrix says of the body's combination of fields: its entry, and the nearest accepted ones. */
export interface MatrixReading {
  /** The report's fields the body has. */
  present: string[];
  /** The matrix's entry for that combination, when it has one. */
  entry?: MatrixEntry;
  accepted: MatrixEntry[];
  /** The accepted combinations nearest to it (fewest fields to take out or add), first the one chosen. */
  closest: MatrixEntry[];
  /** When the combination was recorded rejected: the change to each of the nearest accepted ones, in order. */
  changes: FieldChange[];
}

/** A change of the fields a body has. */
export interface FieldChange {
  removed: string[];
  added: string[];
}

/** "take out changeType and resource; add expirationDateTime". */
export function changeWords({ removed, added }: FieldChange): string {
  return [...(removed.length > 0 ? [`take out ${list(removed)}`] : []), ...(added.length > 0 ? [`add ${list(added)}`] : [])].join('; ');
}

export function readMatrix(report: OfflineReport, body: Readonly<Record<string, unknown>>): MatrixReading {
  const present = report.operation.fields.filter((f) => Object.hasOwn(body, f));
  const entry = report.matrix.find((m) => sameSet(m.present, present));
  const accepted = report.matrix.filter((m) => m.outcome === 'accepted');
  const nearest = Math.min(...accepted.map((a) => distance(a.present, present)));
  const closest = accepted.filter((a) => distance(a.present, present) === nearest);
  const changes =
    entry?.outcome === 'rejected'
      ? closest.map((best) => ({
          removed: present.filter((f) => !best.present.includes(f)),
          added: best.present.filter((f) => !present.includes(f)),
        }))
      : [];
  return { present, ...(entry === undefined ? {} : { entry }), accepted, closest, changes };
}

export function explainOffline(report: OfflineReport, body: Readonly<Record<string, unknown>>, now: Date): OfflineExplanation {
  const matrix = readMatrix(report, body);
  const lines: string[] = [
    `report: ${report.run.target} (${report.run.targetKind ?? 'target'}${report.run.referenceProfile === undefined ? '' : `, profile ${report.run.referenceProfile}`}), made ${report.run.startedAt}; nothing is sent`,
  ];
  const presence = presenceLines(report, body, matrix);
  const values = valueLines(report, body, matrix.present, now);
  lines.push(...presence.lines, ...values.lines);
  const explained = presence.explained || values.explained;
  if (!explained) lines.push('', "The report does not explain this body's rejection.");
  lines.push('', ...LIMITS);
  return { lines, explained };
}

interface Said {
  lines: string[];
  explained: boolean;
}

/** What the matrix says of the body's combination: its record, and the changes it records accepted. */
function presenceLines(report: OfflineReport, body: Readonly<Record<string, unknown>>, m: ReturnType<typeof readMatrix>): Said {
  const { present, entry, accepted } = m;
  const extras = Object.keys(body).filter((f) => !report.operation.fields.includes(f));
  const lines = ['', `Presence: the body has ${combo(present)}.`];
  if (extras.length > 0)
    lines.push(
      `  ${list(extras)} ${extras.length === 1 ? 'is' : 'are'} not among the report's fields: the matrix says nothing of ${extras.length === 1 ? 'it' : 'them'}.`,
    );
  if (entry === undefined) lines.push('  The matrix has no entry for this combination.');
  else lines.push(`  The matrix recorded it ${answerWords(entry)}.`);
  if (entry?.outcome === 'accepted')
    return { lines: [...lines, '  So the fields present do not explain a rejection; their values may (below).'], explained: false };
  if (entry === undefined) return { lines, explained: false };
  if (entry.outcome !== 'rejected')
    return { lines: [...lines, '  Without a verdict on this combination the matrix cannot explain it.'], explained: false };
  if (accepted.length === 0) {
    lines.push(`  No combination was accepted in the report${report.diagnosis === undefined ? '' : `: ${report.diagnosis.message}`}.`);
    return { lines, explained: false };
  }
  const said = m.changes.some((c) => c.removed.length + c.added.length === 1)
    ? singleChangeLines(report, m, entry)
    : nearestLines(report, m, entry);
  return { lines: [...lines, ...said.lines], explained: said.explained };
}

/** Every change of one field the matrix records accepted, those that keep the body's fields first. */
function singleChangeLines(report: OfflineReport, m: ReturnType<typeof readMatrix>, entry: MatrixEntry): Said {
  const singles = m.changes.filter((c) => c.removed.length + c.added.length === 1);
  const fixes: SingleChange[] = [
    ...singles.flatMap((c) => c.added.map((field) => ({ kind: 'add' as const, field }))),
    ...singles.flatMap((c) => c.removed.map((field) => ({ kind: 'remove' as const, field }))),
  ];
  const status = entry.status === null ? 'rejection' : String(entry.status);
  const words = { refused: `the matrix records this combination refused (${status})`, fixed: 'is recorded accepted' };
  const lines = [`  By the matrix: ${singleCauseSentence(fixes, words)}`];
  for (const fix of fixes) {
    const at = fix.kind === 'add' ? [...m.present, fix.field] : m.present.filter((f) => f !== fix.field);
    const seen = report.matrix.find((x) => sameSet(x.present, at));
    lines.push(`    ${singleChangeWords(fix)}: ${seen === undefined ? 'not in the matrix' : answerWords(seen)}`);
  }
  return { lines, explained: true };
}

/** The nearest accepted combination, the change to it, and each part undone as the matrix records it. */
function nearestLines(report: OfflineReport, m: ReturnType<typeof readMatrix>, entry: MatrixEntry): Said {
  const [best] = m.closest;
  const [predicted] = m.changes;
  if (best === undefined || predicted === undefined) return { lines: [], explained: false };
  const { removed, added } = predicted;
  const lines = [`  Nearest accepted combination: ${combo(best.present)} (${answerWords(best)}): ${changeWords(predicted)}.`];
  if (m.closest.length > 1)
    lines.push(
      `  Just as near: ${m.closest
        .slice(1)
        .map((c) => combo(c.present))
        .join('; ')}.`,
    );
  const cause = [
    ...(removed.length > 0 ? [`${list(removed)} ${removed.length === 1 ? 'causes' : 'cause'} the ${entry.status ?? 'rejection'}`] : []),
    ...(added.length > 0 ? [`the body lacks ${list(added)}`] : []),
  ].join(', and ');
  lines.push(`  By the matrix, ${cause}: with any one of these changes undone, the combination is recorded:`);
  for (const f of [...removed, ...added]) {
    const undone = best.present.includes(f) ? best.present.filter((x) => x !== f) : [...best.present, f];
    const seen = report.matrix.find((x) => sameSet(x.present, undone));
    lines.push(
      `    ${removed.includes(f) ? `with ${f} kept` : `without ${f}`}: ${seen === undefined ? 'not in the matrix' : answerWords(seen)}`,
    );
  }
  return { lines, explained: true };
}

/** What the report's value table says of each present field's value: a class recorded refused, a limit passed. */
function valueLines(report: OfflineReport, body: Readonly<Record<string, unknown>>, present: readonly string[], now: Date): Said {
  const lines = ['', 'Values:'];
  const table = report.values ?? {};
  if (Object.keys(table).length === 0) lines.push('  The report has no value table.');
  let anyValue = false;
  let explained = false;
  for (const field of present) {
    const v = table[field];
    if (v === undefined || !Array.isArray(v.accepted) || !Array.isArray(v.rejected) || !Array.isArray(v.limits)) continue;
    if (v.accepted.length + v.rejected.length + v.limits.length === 0) continue;
    anyValue = true;
    const said = fieldValueLines(field, body[field], v, now);
    lines.push(...said.lines);
    explained ||= said.explained;
  }
  if (!anyValue && Object.keys(table).length > 0) lines.push("  None of the body's fields has recorded value classes.");
  return { lines, explained };
}

function fieldValueLines(field: string, value: unknown, v: FieldValues, now: Date): Said {
  const lines: string[] = [];
  let explained = false;
  for (const c of v.rejected) {
    const how = matchClass(value, c, v.accepted);
    if (how === undefined) continue;
    explained = true;
    lines.push(
      `  ${field}: the value falls in class ${c.classId} (${c.description}), recorded ${answerWords({ ...c, outcome: 'rejected' })}: ${how}.`,
    );
  }
  for (const c of v.accepted) {
    const how = matchClass(value, c, []);
    if (how === 'the very value recorded') lines.push(`  ${field}: the value is one recorded accepted (class ${c.classId}).`);
  }
  for (const limit of v.limits) {
    if (limit.value === undefined) continue;
    const amount = measure(value, limit, now);
    if (amount === undefined) continue;
    const past = amount > limit.value;
    explained ||= past;
    lines.push(
      `  ${field}: ${amount} ${limit.unit}${limit.unit === 'minutes' ? ' ahead' : ''}, ${past ? 'past' : 'within'} the ${limit.name} the report found (${limit.value} ${limit.unit}).`,
    );
  }
  return { lines, explained };
}
