/**
 * An ExplainResult in words for the console: the cause in a sentence, the evidence for each part of it,
 * the smallest change that gets a 2xx, the cURL commands before and after (token as $ACCESS_TOKEN) and
 * the requests used. Pure: lines in, lines out.
 */
import { statusOrNoAnswer } from '../http/answer-text.js';
import { toCurl } from '../http/curl.js';
import { count, list } from '../inference/words.js';
import type { Expr } from '../rule/expression.js';
import { conditionInWords } from '../rule/in-words.js';
import { singleCauseSentence, singleChangeWords } from './fix-words.js';
import { alsoRefused, fixClauses } from './cause-condition.js';
import { fixSetAfterLines, fixSetCauseLines, fixSetChangeLine } from './render-fix-sets.js';
import { standInLines } from './stand-in.js';
import { targetWords } from './target-words.js';
import { portOnlyDifference, portSentence, valueFault, zoneSentence } from './what-is-wrong.js';
import type { SingleAnswer, SingleChange } from './singles.js';
import { describeAnswer, sameRejection } from './signature.js';
import type { ExplainResult, NeededChange, Probe } from './types.js';

/** A value as short JSON text. */
function shortValue(value: unknown, max = 60): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length <= max ? json : `${json.slice(0, max - 1)}…`;
}

const statusOf = (p: Probe | undefined): string => statusOrNoAnswer(p?.answer.status ?? null);

/** `changeType causes`, `changeType and resource cause`. */
function subject(fields: readonly string[]): string {
  return `${list(fields)} ${fields.length === 1 ? 'causes' : 'cause'}`;
}

/** "it", "either", "any one of them". */
function anyOf(fields: readonly string[]): string {
  return fields.length === 1 ? 'it' : fields.length === 2 ? 'either' : 'any one of them';
}

/** "a", "a or b", "a, b or c". */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] as string}`;
}

/** "it", "both", "all three", "all 4". */
function allOf(fields: readonly string[]): string {
  return fields.length === 1 ? 'it' : fields.length === 2 ? 'both' : fields.length === 3 ? 'all three' : `all ${fields.length}`;
}

const pronoun = (fields: readonly string[]): string => (fields.length === 1 ? 'it' : 'them');

/**
 * The cause in sentences: one for presence, one for values, each followed by its evidence. They speak of
 * this body ("as long as it has"), not of every body: with another set of fields the same field may be
 * accepted (a target that refuses two fields only together), and that was not asked.
 */
export function causeSentences(r: ExplainResult): string[] {
  const lines =
    r.singles.fixes.length > 0
      ? singleFixLines(r)
      : r.fixSets.length > 0
        ? [...fixSetCauseLines(r), ...presenceLines(r), ...valueLines(r, statusOf(r.original)), ...singlesAskedLines(r)]
        : [...severalFieldsCause(r), ...singlesAskedLines(r)];
  return [...lines, ...alsoRefusedLines(r), ...valueFaultLines(r)];
}

/**
 * The refusals the fixes do not account for (a change of one field that took out a required field): said as what
 * they share, so that the cause in words holds on every body explain sent.
 */
function alsoRefusedLines(r: ExplainResult): string[] {
  const also = alsoRefused(fixClauses(r), r.observations);
  return also === undefined ? [] : [`The target also refused every body explain sent while ${conditionInWords(also, r.fields)}.`];
}

/**
 * What is wrong with each value the cause blames, when the value itself shows it (an ISO 8601 part of one digit), or
 * an accepted body shows it: the user's date-time with only Z added accepted; an accepted URL that is the user's but
 * for the port (said here when no change of one field says it already).
 */
function valueFaultLines(r: ExplainResult): string[] {
  const fixes = r.singles.fixes;
  const blamed = [...new Set([...fixes.filter((f) => f.change.kind === 'replace-value').map((f) => f.change.field), ...r.replaced])];
  const zoned = new Set(fixes.flatMap((f) => (f.change.kind === 'add-zone' ? [f.change.field] : [])));
  return blamed.flatMap((field) => {
    const fault = zoned.has(field) ? zoneSentence(field) : valueFault(field, r.original.body[field]);
    const ports = fixes.length > 0 ? undefined : portOnlyDifference(r.original.body[field], r.after?.body[field]);
    const port = ports === undefined ? undefined : portSentence(field, ports);
    return [fault, port].flatMap((said) => (said === undefined ? [] : [`What is wrong with the value: ${said}.`]));
  });
}

/**
 * A change of one field in words. A value replaced by an accepted URL that is the user's but for the port is said as
 * that: the port is what the target refused (SharePoint answers a URL on another port as it does a failed handshake).
 */
function fixWords(r: ExplainResult, fix: SingleAnswer): string {
  if (fix.change.kind !== 'replace-value') return singleChangeWords(fix.change);
  const ports = portOnlyDifference(r.original.body[fix.change.field], fix.probe.body[fix.change.field]);
  return ports === undefined ? singleChangeWords(fix.change) : portSentence(fix.change.field, ports);
}

function severalFieldsCause(r: ExplainResult): string[] {
  const status = statusOf(r.original);
  const fixed = statusOf(r.presenceAccepted ?? r.after);
  const withGood = r.replaced.length > 0 ? ', with known-good values,' : '';
  const lines: string[] = [];
  const swapped = r.removed.length + r.added.length === 1 ? r.swaps : [];
  const inBody = (field: string): boolean => Object.hasOwn(r.original.body, field);
  if (swapped.length > 0) {
    // One field's change, and others as small in its place: the cause is what they all undo, whichever came first.
    const changes = [...r.removed, ...r.added, ...swapped.map((w) => w.field)].map(
      (field): SingleChange => ({ kind: inBody(field) ? 'remove' : 'add', field }),
    );
    lines.push(`Cause: ${singleCauseSentence(changes, causeWords(r, fixed), r.replaced)}`);
    for (const change of r.presenceEvidence) lines.push(evidenceLine(r, change));
    for (const swap of r.swaps)
      lines.push(`  ${inBody(swap.field) ? 'without' : 'with'} ${swap.field} instead: ${describeAnswer(swap.accepted)}`);
    return [...lines, ...valueLines(r, status)];
  }
  if (r.removed.length > 1 && r.added.length === 0) {
    lines.push(
      `${r.removed.length === 2 ? 'Either' : 'Any of'} ${orList(r.removed)} makes it ${status}; remove ${allOf(r.removed)}: ` +
        `the target rejects this body as long as it has ${anyOf(r.removed)}; without them${withGood} it answers ${fixed}.`,
    );
  } else if (r.removed.length > 0 && r.added.length > 0) {
    const literals: Expr[] = [
      ...r.removed.map((name): Expr => ({ kind: 'field', name })),
      ...r.added.map((name): Expr => ({ kind: 'not', operand: { kind: 'field', name } })),
    ];
    lines.push(
      `${subject(r.removed)} the ${status}, and the body lacks ${list(r.added)}: the target rejects this body as long as ` +
        `${conditionInWords({ kind: 'or', operands: literals }, r.fields)}; without ${list(r.removed)} and with ${list(r.added)}${withGood} it answers ${fixed}.`,
    );
  } else if (r.removed.length > 0) {
    lines.push(
      `${subject(r.removed)} the ${status}: the target rejects this body as long as it has ${anyOf(r.removed)}; without ${pronoun(r.removed)}${withGood} it answers ${fixed}.`,
    );
  } else if (r.added.length > 0) {
    lines.push(
      `The body lacks ${list(r.added)}, which causes the ${status}: the target rejects this body as long as it lacks ${anyOf(r.added)}; ` +
        `with ${pronoun(r.added)} (known-good value${r.added.length === 1 ? '' : 's'})${withGood} it answers ${fixed}.`,
    );
  }
  for (const change of r.presenceEvidence) lines.push(evidenceLine(r, change));
  for (const swap of r.swaps)
    lines.push(`  ${inBody(swap.field) ? 'without' : 'with'} ${swap.field} instead of ${swap.instead}: ${describeAnswer(swap.accepted)}`);
  if (r.unasked.length > 0) {
    const instead = [...r.removed, ...r.added].join('');
    lines.push(
      `  not asked: whether ${orList(r.unasked.map((f) => `${inBody(f) ? 'taking out' : 'adding'} ${f}`))} instead of ${instead} gets a 2xx as well (undetermined)`,
    );
  }
  return [...lines, ...valueLines(r, status)];
}

/** The evidence of each part of a change of several fields, and the changes as small beside it. */
function presenceLines(r: ExplainResult): string[] {
  const inBody = (field: string): boolean => Object.hasOwn(r.original.body, field);
  return [
    ...r.presenceEvidence.map((change) => evidenceLine(r, change)),
    ...r.swaps.map((w) => `  ${inBody(w.field) ? 'without' : 'with'} ${w.field} instead of ${w.instead}: ${describeAnswer(w.accepted)}`),
  ];
}

/** The values the cause needs replaced, and the evidence of each. */
function valueLines(r: ExplainResult, status: string): string[] {
  if (r.replaced.length === 0) return [];
  const fields = list(r.replaced);
  const values = r.replaced.length === 1 ? `The value of ${fields} causes` : `The values of ${fields} cause`;
  const also = r.removed.length + r.added.length > 0 ? ' as well' : '';
  return [
    `${values} the ${status}${also}: with ${r.replaced.length === 1 ? 'it' : 'each'} replaced by a known-good value the target answers ${statusOf(r.after)}; ` +
      `with ${r.replaced.length === 1 ? 'the value' : 'any one of the values'} as given it rejects the body.`,
    ...r.valueEvidence.map((change) => evidenceLine(r, change)),
  ];
}

/** The user's value of a field: under its name, or under the property the fix renamed to it. */
function givenValue(r: ExplainResult, field: string): unknown {
  const from = r.renamed.find((x) => x.field === field)?.from ?? field;
  return r.original.body[from];
}

function evidenceLine(r: ExplainResult, change: NeededChange): string {
  const same = change.undone.verdict === 'fails' && sameRejection(change.undone, r.original, r.fields) ? ' (the same as the request)' : '';
  const what =
    change.kind === 'remove'
      ? `with ${change.field} kept`
      : change.kind === 'add'
        ? `without ${change.field}`
        : `with the given ${change.field} ${shortValue(givenValue(r, change.field))}`;
  return `  ${what}: ${describeAnswer(change.undone)}${same}`;
}

/** "take out changeType and resource; add expirationDateTime; replace the value of notificationUrl". */
function changeWords(change: { removed: readonly string[]; added: readonly string[]; replaced: readonly string[] }): string {
  const parts = [
    ...(change.removed.length > 0 ? [`take out ${list(change.removed)}`] : []),
    ...(change.added.length > 0 ? [`add ${list(change.added)}`] : []),
    ...(change.replaced.length > 0
      ? [
          `replace the value${change.replaced.length === 1 ? '' : 's'} of ${list(change.replaced)} with ${change.replaced.length === 1 ? 'a known-good one' : 'known-good ones'}`,
        ]
      : []),
  ];
  return parts.length === 0 ? 'none' : parts.join('; ');
}

function requestsLine(r: ExplainResult): string {
  const { total, creates, deletes, repeats, reachability = 0 } = r.requests;
  const again = repeats > 0 ? `; ${repeats} of the creates asked again, to make sure the target answers the same` : '';
  const own = `${total - reachability} of the budget of ${r.budget} (${count(creates, 'create')}, ${count(deletes, 'delete')}${again})`;
  // Every request explain sent is counted, the one that checked the target answers (before the budget) too.
  return reachability > 0
    ? `Requests: ${total}: ${count(reachability, 'GET')} to check that the target answers, then ${own}.`
    : `Requests: ${own}.`;
}

/** Who refused and what the changes got, in the cause's sentence. */
const causeWords = (r: ExplainResult, fixed: string): { refused: string; fixed: string } => ({
  refused: `this body is refused (${statusOf(r.original)})`,
  fixed: `gets ${fixed}`,
});

/** The changes of one field that get a 2xx: the cause they show, then each change with its answer, then the others asked. */
export function singleFixLines(r: ExplainResult): string[] {
  const fixes = r.singles.fixes;
  const fixed = statusOf(fixes[0]?.probe);
  const lines = [
    `Cause: ${singleCauseSentence(
      fixes.map((f) => f.change),
      causeWords(r, fixed),
    )}`,
  ];
  const keeps = fixes.filter((f) => f.change.kind !== 'remove').length;
  lines.push(
    keeps === 0 || keeps === fixes.length
      ? `Changes of one field that get a 2xx, each asked:`
      : `Changes of one field that get a 2xx, each asked (the first ${keeps === 1 ? 'one keeps' : `${keeps} keep`} every field the request has):`,
  );
  for (const fix of fixes) lines.push(`  ${fixWords(r, fix)}: ${describeAnswer(fix.probe)}`);
  return [...lines, ...singlesAskedLines(r)];
}

/** The other changes of one field: refused, without a verdict, not asked (undetermined), or recorded refused in a hint. */
export function singlesAskedLines(r: ExplainResult): string[] {
  const { refused, noVerdict, unasked, byReport, answered } = r.singles;
  const lines: string[] = [];
  const none = r.singles.fixes.length === 0;
  if (refused.length > 0) {
    const header =
      answered.changes.length > 0
        ? 'Of the fields added or taken out alone, each one asked was refused:'
        : 'No field added or taken out alone gets a 2xx; each one asked was refused:';
    lines.push(none ? header : 'Refused:');
    for (const a of refused) lines.push(`  ${singleChangeWords(a.change)}: ${describeAnswer(a.probe)}`);
  }
  for (const a of noVerdict) lines.push(`  ${singleChangeWords(a.change)}: ${describeAnswer(a.probe)} (undetermined)`);
  if (byReport.length > 0) lines.push(`Recorded refused in the hint's report, not asked: ${byReport.map(singleChangeWords).join('; ')}.`);
  if (answered.changes.length > 0) {
    // Said as what was asked, not as refused: each keeps what the refusal names and what the accepted body shows needed.
    lines.push(
      `Not asked, as each keeps ${list(answered.keeps)} as sent (the refusal names ${list(answered.named)}; without ${list(answered.keeps)} the body got a 2xx${answered.goodValues === true ? ' with known-good values' : ''}, and with any one of them put back it was refused): ${answered.changes.map(singleChangeWords).join('; ')}.`,
    );
  }
  if (unasked.length > 0)
    lines.push(`Not asked (the cap on such creates, or the budget), undetermined: ${unasked.map(singleChangeWords).join('; ')}.`);
  return lines;
}

export function renderResult(r: ExplainResult): string[] {
  const lines: string[] = [];
  const original = r.original;
  lines.push(`The request got ${describeAnswer(original)}`, '');
  switch (r.outcome) {
    case 'accepted':
      lines.push('The target accepted it: nothing to explain. What it created was deleted.');
      break;
    case 'explained': {
      const fixes = r.singles.fixes;
      lines.push(...causeSentences(r));
      const words = targetWords(r);
      if (words.length > 0) lines.push('', ...words);
      if (fixes.length > 0) {
        const all = fixes.map((f) => fixWords(r, f));
        lines.push(
          '',
          `Smallest change${all.length === 1 ? '' : 's'} that get${all.length === 1 ? 's' : ''} a 2xx, of one field each: ${all.join('; or ')}.`,
        );
      } else if (r.fixSets.length > 0) {
        lines.push('', fixSetChangeLine(r));
      } else {
        const instead = r.swaps.map(
          (w) => `${Object.hasOwn(r.original.body, w.field) ? 'take out' : 'add'} ${w.field} instead of ${w.instead}`,
        );
        lines.push(
          '',
          `Smallest change that gets a 2xx: ${changeWords(r)}${instead.length === 0 ? '' : ` (or ${instead.join(', or ')})`}.`,
        );
      }
      lines.push(...standInLines(r));
      break;
    }
    case 'state':
      lines.push(...(r.causes ?? []));
      break;
    default:
      lines.push(`Could not explain it: ${r.reason ?? r.outcome}.`);
      if (r.partial !== undefined) {
        lines.push(`A change that gets a 2xx, not shown to be the smallest: ${changeWords(r.partial)}.`);
      }
      for (const d of r.disagreements) lines.push(`  ${d}`);
  }
  lines.push('', `Before (${statusOf(original)}):`, toCurl(original.exchange));
  if (r.fixSets.length > 0) {
    lines.push(...fixSetAfterLines(r));
  } else if (r.singles.fixes.length > 0) {
    for (const fix of r.singles.fixes) {
      lines.push('', `After "${fixWords(r, fix)}" (${statusOf(fix.probe)}; what it created was deleted):`, toCurl(fix.probe.exchange));
    }
  } else if (r.after !== undefined) {
    lines.push('', `After (${statusOf(r.after)}; what it created was deleted):`, toCurl(r.after.exchange));
    const title = r.removed.length > 0 ? `Body without ${list(r.removed)}` : 'Body with the change';
    const more = r.added.length + r.replaced.length > 0 ? ` (${changeWords({ removed: [], added: r.added, replaced: r.replaced })})` : '';
    lines.push('', `${title}${more}:`, JSON.stringify(r.after.body, null, 2));
  }
  lines.push('', requestsLine(r));
  for (const failure of r.cleanupFailures) lines.push(`WARNING: not deleted: ${failure}`);
  return lines;
}

export { targetWords };
