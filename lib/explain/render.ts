/**
 * An ExplainResult in words for the console: the cause in a sentence, the evidence for each part of it,
 * the smallest change that gets a 2xx, the cURL commands before and after (token as $ACCESS_TOKEN) and
 * the requests used. Pure: lines in, lines out.
 */
import { sentencesNaming } from '../error-body/field-names.js';
import { statusOrNoAnswer } from '../http/answer-text.js';
import { toCurl } from '../http/curl.js';
import { count, list } from '../inference/words.js';
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
  const status = statusOf(r.original);
  const fixed = statusOf(r.presenceAccepted ?? r.after);
  const withGood = r.replaced.length > 0 ? ', with known-good values,' : '';
  const lines: string[] = [];
  const swapped = r.removed.length + r.added.length === 1 ? r.swaps : [];
  // In the body's order, whichever of them the search met first: the same words with a hint or without.
  const group = r.fields.filter((f) => [...r.removed, ...r.added].includes(f) || swapped.some((w) => w.field === f));
  if (swapped.length > 0 && r.removed.length === 1) {
    lines.push(
      `${list(group)} together make it ${status}; remove ${anyOf(group)}: the target rejects this body only while it has ${allOf(group)}; ` +
        `without any one of them${withGood} it answers ${fixed}.`,
    );
  } else if (swapped.length > 0) {
    lines.push(
      `The body lacks ${orList(group)}, which makes it ${status}; add ${anyOf(group)}: with any one of them (known-good value)${withGood} it answers ${fixed}.`,
    );
  } else if (r.removed.length > 1 && r.added.length === 0) {
    lines.push(
      `${r.removed.length === 2 ? 'Either' : 'Any of'} ${orList(r.removed)} makes it ${status}; remove ${allOf(r.removed)}: ` +
        `the target rejects this body as long as it has ${anyOf(r.removed)}; without them${withGood} it answers ${fixed}.`,
    );
  } else if (r.removed.length > 0 && r.added.length > 0) {
    lines.push(
      `${subject(r.removed)} the ${status}, and the body lacks ${list(r.added)}: the target rejects this body as long as it has ${anyOf(r.removed)} of ` +
        `${list(r.removed)} or lacks ${anyOf(r.added)} of ${list(r.added)}; without ${list(r.removed)} and with ${list(r.added)}${withGood} it answers ${fixed}.`,
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
  for (const swap of r.swaps) {
    const verb = r.removed.includes(swap.instead) ? 'without' : 'with';
    lines.push(`  ${verb} ${swap.field} instead of ${swap.instead}: ${describeAnswer(swap.accepted)}`);
  }
  if (r.unasked.length > 0) {
    const instead = [...r.removed, ...r.added].join('');
    const verb = r.removed.length > 0 ? 'taking out' : 'adding';
    lines.push(`  not asked: whether ${verb} ${orList(r.unasked)} instead of ${instead} gets a 2xx as well (undetermined)`);
  }
  if (r.replaced.length > 0) {
    const fields = list(r.replaced);
    const values = r.replaced.length === 1 ? `The value of ${fields} causes` : `The values of ${fields} cause`;
    const also = r.removed.length + r.added.length > 0 ? ' as well' : '';
    lines.push(
      `${values} the ${status}${also}: with ${r.replaced.length === 1 ? 'it' : 'each'} replaced by a known-good value the target answers ${statusOf(r.after)}; ` +
        `with ${r.replaced.length === 1 ? 'the value' : 'any one of the values'} as given it rejects the body.`,
    );
  }
  for (const change of r.valueEvidence) lines.push(evidenceLine(r, change));
  return lines;
}

function evidenceLine(r: ExplainResult, change: NeededChange): string {
  const same = change.undone.verdict === 'fails' && sameRejection(change.undone, r.original, r.fields) ? ' (the same as the request)' : '';
  const what =
    change.kind === 'remove'
      ? `with ${change.field} kept`
      : change.kind === 'add'
        ? `without ${change.field}`
        : `with the given ${change.field} ${shortValue(r.original.body[change.field])}`;
  return `  ${what}: ${describeAnswer(change.undone)}${same}`;
}

const SAID_CHARS = 240;

/**
 * What the target itself said of each field the cause names: the sentences of its messages that name the field,
 * from the request's own refusal first, then from the refusal that showed the field needed. A field its messages
 * never name is said so: the cause rests on the answers, not on the words.
 */
export function targetWords(r: ExplainResult): string[] {
  const blamed = [...r.removed, ...r.added, ...r.replaced];
  if (blamed.length === 0) return [];
  const lines = ['What the target said of them:'];
  for (const field of blamed) {
    const evidence = [...r.presenceEvidence, ...r.valueEvidence].filter((c) => c.field === field).map((c) => c.undone);
    const said = [r.original, ...evidence]
      .map((p) => (p.verdict === 'fails' && p.answer.errorMessage !== undefined ? sentencesNaming(p.answer.errorMessage, field) : []))
      .find((sentences) => sentences.length > 0);
    lines.push(
      said === undefined
        ? `  ${field}: its messages never name it`
        : `  ${field}: ${said
            .slice(0, 2)
            .map((s) => JSON.stringify(s.length > SAID_CHARS ? `${s.slice(0, SAID_CHARS)}…` : s))
            .join(' ')}`,
    );
  }
  return lines;
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

export function renderResult(r: ExplainResult): string[] {
  const lines: string[] = [];
  const original = r.original;
  lines.push(`The request got ${describeAnswer(original)}`, '');
  switch (r.outcome) {
    case 'accepted':
      lines.push('The target accepted it: nothing to explain. What it created was deleted.');
      break;
    case 'explained': {
      lines.push(...causeSentences(r));
      const words = targetWords(r);
      if (words.length > 0) lines.push('', ...words);
      const instead = r.swaps.map((w) => `${r.removed.includes(w.instead) ? 'take out' : 'add'} ${w.field} instead of ${w.instead}`);
      lines.push('', `Smallest change that gets a 2xx: ${changeWords(r)}${instead.length === 0 ? '' : ` (or ${instead.join(', or ')})`}.`);
      break;
    }
    default:
      lines.push(`Could not explain it: ${r.reason ?? r.outcome}.`);
      if (r.partial !== undefined) {
        lines.push(`A change that gets a 2xx, not shown to be the smallest: ${changeWords(r.partial)}.`);
      }
      for (const d of r.disagreements) lines.push(`  ${d}`);
  }
  lines.push('', `Before (${statusOf(original)}):`, toCurl(original.exchange));
  if (r.after !== undefined) {
    lines.push('', `After (${statusOf(r.after)}; what it created was deleted):`, toCurl(r.after.exchange));
    const title = r.removed.length > 0 ? `Body without ${list(r.removed)}` : 'Body with the change';
    const more = r.added.length + r.replaced.length > 0 ? ` (${changeWords({ removed: [], added: r.added, replaced: r.replaced })})` : '';
    lines.push('', `${title}${more}:`, JSON.stringify(r.after.body, null, 2));
  }
  lines.push('', requestsLine(r));
  for (const failure of r.cleanupFailures) lines.push(`WARNING: not deleted: ${failure}`);
  return lines;
}
