/** The Markdown summary's lifecycle part: the item operations, the record's fields and the states seen. */
import { statusOrNoAnswer } from '../http/answer-text.js';
import type { LifecycleFacts, OperationFact } from '../lifecycle/types.js';
import { cellCode, text } from './markdown-text.js';

const yesNo = (value: boolean | null, yes: string, no: string): string => (value === null ? 'not found out' : value ? yes : no);

export function supportWords(op: OperationFact): string {
  const answer = op.status === null ? 'no answer' : `${op.status}${op.code === undefined ? '' : ` ${op.code}`}`;
  return op.supported === null
    ? op.status === null
      ? 'not found out'
      : `refused (${answer})`
    : op.supported
      ? `supported (${answer})`
      : `not supported (${answer})`;
}

export function lifecycleMarkdown(facts: LifecycleFacts): string[] {
  const { operations: ops, record, renewal, afterDelete } = facts;
  const out = ['### Lifecycle (open: spec §2, §3, §4, §8)', '', '| Operation | Request | Answer |', '|---|---|---|'];
  for (const [name, op] of Object.entries(ops))
    out.push(`| ${name} | ${op.path === '' ? '' : cellCode(`${op.method} ${op.path}`)} | ${text(supportWords(op))} |`);
  out.push('');
  const list = ops.list;
  out.push(
    `List: ${list.pages} page(s) read; ${text(yesNo(list.containsCreated, 'shows the created subscription', 'does not show it'))}` +
      (facts.offOriginLinks > 0 ? `; ${facts.offOriginLinks} next link(s) to another origin, not followed` : '') +
      '.',
  );
  const longest = renewal.longestAcceptedMinutes;
  const past = renewal.pastLimit;
  out.push(
    `Renewal: longest accepted ${longest === null ? 'not found out' : `${longest} minutes`}` +
      (past === null ? '' : `; past it: ${statusOrNoAnswer(past.status)}${past.code === null ? '' : ` ${text(past.code)}`}`) +
      '. ' +
      (Object.keys(renewal.otherFields).length === 0
        ? ''
        : `Other fields by PATCH: ${Object.entries(renewal.otherFields)
            .map(([f, o]) => `${cellCode(f)} ${o}`)
            .join(', ')}.`),
  );
  out.push(
    `After delete: read ${statusOrNoAnswer(afterDelete.read)}, a second delete ${statusOrNoAnswer(afterDelete.delete)}, ` +
      `${text(yesNo(afterDelete.listed, 'still listed', 'not listed'))}.`,
    '',
  );
  const fields = Object.entries(record.fields);
  if (fields.length > 0) {
    out.push('| Record field | Type | Origin |', '|---|---|---|');
    for (const [name, f] of fields) {
      out.push(
        `| ${cellCode(name)} | ${f.type} | ${f.origin}${f.origin === 'changed' ? `: sent ${cellCode(f.sent ?? '')}, returned ${cellCode(f.returned ?? '')}` : ''} |`,
      );
    }
    out.push(
      '',
      `Read equal to the create answer: ${yesNo(record.readEqualsCreate, 'yes', 'no')}; list entry equal to it: ${yesNo(record.listEntryEqualsCreate, 'yes', 'no')}.`,
      '',
    );
  }
  if (facts.states.length > 0) {
    out.push('| From | Action | Answer | To |', '|---|---|---|---|');
    for (const m of facts.states) out.push(`| ${text(m.from)} | ${text(m.action)} | ${statusOrNoAnswer(m.status)} | ${text(m.to)} |`);
    out.push('');
  }
  return out;
}
