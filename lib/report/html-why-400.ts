/**
 * The first screen's "Why a body gets a 400": one line per cause of a refusal the run found, each with what the
 * target said, read from the report: the rejection groups of the presence matrix, the kinds of value-class refusal,
 * the limits and the handshake cases whose create was refused. The folded sections below hold each in full.
 */
import { messagePattern } from '../inference/message-pattern.js';
import { sentValues } from '../inference/mask-values.js';
import type { BehaviourReport, ValueClassResult } from './types.js';
import { html, type SafeHtml } from './html.js';
import { limitWords } from './limit-words.js';
import { groupExampleMessage, groupWhen } from './report-facts.js';

/** One cause: what brings the refusal on, the refusal, what the target said; `href` where it is in full. */
export interface RefusalCause {
  kind: 'presence' | 'value' | 'limit' | 'handshake';
  when: string;
  answer: string;
  message?: string;
  href: string;
}

const codeOf = (status: number | null, code: string | undefined): string =>
  `${status === null ? 'no answer' : status}${code === undefined ? '' : ` ${code}`}`;

/** The value a class sent, as the text a message would quote it in (`"abc"` → `abc`), for masking. */
const valuesSent = (r: ValueClassResult): string[] => (r.sent === undefined ? [] : sentValues(`{"v":${r.sent}}`));

/**
 * The value classes refused, one cause per kind of refusal (status, error code, message pattern: the values sent
 * and the fields named masked, as the rejection groups key theirs), each naming the fields and classes that got it.
 */
export function valueRefusalCauses(report: Pick<BehaviourReport, 'operation' | 'values'>): RefusalCause[] {
  const fields = report.operation.fields;
  const kinds = new Map<string, { first: ValueClassResult; classes: Map<string, string[]> }>();
  for (const field of fields) {
    for (const r of report.values[field]?.rejected ?? []) {
      const pattern = r.errorMessage === undefined ? '' : messagePattern(r.errorMessage, fields, valuesSent(r));
      const key = JSON.stringify([r.status, r.errorCode ?? null, pattern]);
      const kind = kinds.get(key) ?? { first: r, classes: new Map<string, string[]>() };
      kind.classes.set(field, [...(kind.classes.get(field) ?? []), r.classId]);
      kinds.set(key, kind);
    }
  }
  return [...kinds.values()].map(({ first, classes }) => ({
    kind: 'value',
    when: classesInWords(classes),
    answer: codeOf(first.status, first.errorCode),
    ...(first.errorMessage === undefined ? {} : { message: first.errorMessage }),
    href: '#values',
  }));
}

/** `name-capitalised, name-upper-case of notificationUrl, clientState; empty of expirationDateTime`: fields with the same classes said together. */
function classesInWords(classes: ReadonlyMap<string, readonly string[]>): string {
  const byClasses = new Map<string, string[]>();
  for (const [field, ids] of classes) {
    const key = ids.join(', ');
    byClasses.set(key, [...(byClasses.get(key) ?? []), field]);
  }
  return [...byClasses].map(([ids, fields]) => `${ids} of ${fields.join(', ')}`).join('; ');
}

/** A handshake case's finding: "receiver that ...: the target sent ... and answered the create 400 code "message" after 29 ms". */
const HANDSHAKE_REFUSED = /^(receiver that [^:]+): .*?answered the create (4\d\d(?: [^\s"]+)?) (".*") after \d+ ms$/s;

/** The handshake cases whose create the target refused, by what the receiver did wrong. */
export function handshakeCauses(report: Pick<BehaviourReport, 'cases'>): RefusalCause[] {
  return report.cases.flatMap((c) => {
    const parts = c.id.startsWith('events/handshake-') && c.finding !== undefined ? HANDSHAKE_REFUSED.exec(c.finding) : null;
    if (parts === null) return [];
    const [, when = '', answer = '', quoted = ''] = parts;
    let message = quoted;
    try {
      message = String(JSON.parse(quoted));
    } catch {
      // Not JSON text: shown as the finding has it.
    }
    return [{ kind: 'handshake', when, answer, message, href: '#cases' } satisfies RefusalCause];
  });
}

/** Every cause of a refusal the report holds, presence first, then values, limits and the handshake. */
export function refusalCauses(report: BehaviourReport): RefusalCause[] {
  const fields = report.operation.fields;
  const presence = report.rejectionGroups.map((g): RefusalCause => {
    const message = groupExampleMessage(report, g);
    return {
      kind: 'presence',
      when: groupWhen(g, fields),
      answer: codeOf(g.status, g.errorCode),
      ...(message === undefined ? {} : { message }),
      href: '#rejections',
    };
  });
  const limits = fields.flatMap((f) =>
    (report.values[f]?.limits ?? []).map(
      (l): RefusalCause => ({ kind: 'limit', when: `${l.field} past its ${l.name}`, answer: limitWords(l), href: '#limits' }),
    ),
  );
  return [...presence, ...valueRefusalCauses(report), ...limits, ...handshakeCauses(report)];
}

const KIND_WORDS: Record<RefusalCause['kind'], string> = {
  presence: 'fields',
  value: 'value',
  limit: 'limit',
  handshake: 'handshake',
};

/** The list, one line each (the full text in its title when the line is cut); nothing when the run refused nothing. */
export function whyRejectedSection(report: BehaviourReport): SafeHtml | string {
  const causes = refusalCauses(report);
  if (causes.length === 0) return '';
  const line = (c: RefusalCause): string => `${c.when}: ${c.answer}${c.message === undefined ? '' : ` “${c.message}”`}`;
  return html`<h3 id="why-rejected">Why a body gets a 400 <span class="muted">${causes.length} cause${causes.length === 1 ? '' : 's'}</span></h3>
<ul class="why400">${causes.map(
    (c) =>
      html`<li title="${line(c)}"><a href="${c.href}" class="muted">${KIND_WORDS[c.kind]}</a> ${c.when}: <span class="mono">${c.answer}</span>${c.message === undefined ? '' : html` <span class="msg">“${c.message}”</span>`}</li>`,
  )}</ul>`;
}
