/** The HTML report's presence matrix: its rows with accepted combinations together, and the rule as a grid of combinations. */
import type { MatrixOutcome } from '../outcome.js';
import { ruleOf } from '../rule/rule-value.js';
import { combinationKey } from '../rule/field-set.js';
import type { BehaviourReport, DriftLine, MatrixEntry } from './types.js';
import { MATRIX_OUTCOMES, comboLabel, groupWhen, statusText } from './report-facts.js';
import { html, type SafeHtml } from './html.js';

/** Above this many fields the grid would have more than 64 cells and stop reading at a glance. */
export const GRID_MAX_FIELDS = 6;

/** Matrix changes from the baseline by combination, so that the grid and the table can mark them. */
export function matrixDrift(report: Pick<BehaviourReport, 'drift'>): Map<string, DriftLine> {
  const changes = report.drift?.changes ?? [];
  return new Map(changes.flatMap((c) => (c.kind === 'matrix' && c.present !== undefined ? [[combinationKey(c.present), c] as const] : [])));
}

interface Band {
  title: string;
  outcome: MatrixOutcome;
  entries: MatrixEntry[];
}

/**
 * The matrix in bands a reader can take in: accepted first, then one band per rejection group
 * (status, code and the condition in words), then what has no usable answer. Within a band the
 * run's order (fewest fields first) is kept.
 */
export function matrixBands(report: Pick<BehaviourReport, 'matrix' | 'rejectionGroups' | 'operation'>): Band[] {
  const groupOf = new Map<string, number>();
  report.rejectionGroups.forEach((g, i) => {
    for (const c of g.combinations) groupOf.set(combinationKey(c), i);
  });
  const accepted: MatrixEntry[] = [];
  const rejected = report.rejectionGroups.map(() => [] as MatrixEntry[]);
  const otherRejected: MatrixEntry[] = [];
  const unstable: MatrixEntry[] = [];
  const error: MatrixEntry[] = [];
  for (const entry of report.matrix) {
    if (entry.outcome === 'accepted') accepted.push(entry);
    else if (entry.outcome === 'unstable') unstable.push(entry);
    else if (entry.outcome === 'error') error.push(entry);
    else {
      const i = groupOf.get(combinationKey(entry.present));
      (i === undefined ? otherRejected : (rejected[i] ?? otherRejected)).push(entry);
    }
  }
  const bands: Band[] = [{ title: 'Accepted', outcome: 'accepted', entries: accepted }];
  report.rejectionGroups.forEach((g, i) => {
    const when = groupWhen(g, report.operation.fields);
    bands.push({
      title: `Rejected ${g.status}${g.errorCode === undefined ? '' : ` ${g.errorCode}`} ${when}`,
      outcome: 'rejected',
      entries: rejected[i] ?? [],
    });
  });
  bands.push(
    { title: 'Rejected, in no group', outcome: 'rejected', entries: otherRejected },
    { title: 'Unstable: the repeats disagreed', outcome: 'unstable', entries: unstable },
    { title: 'Error: no usable answer', outcome: 'error', entries: error },
  );
  return bands.filter((b) => b.entries.length > 0);
}

export function matrixSection(report: BehaviourReport): SafeHtml {
  const fields = report.operation.fields;
  const rule = ruleOf(report.rule);
  const drift = matrixDrift(report);
  const columns = fields.length + 4 + (rule === undefined ? 0 : 1) + (drift.size === 0 ? 0 : 1);
  const row = (entry: MatrixEntry): SafeHtml => {
    const present = new Set(entry.present);
    const predicted = rule === undefined ? undefined : rule.accepts(present);
    const mismatch =
      predicted !== undefined && ((entry.outcome === 'accepted' && !predicted) || (entry.outcome === 'rejected' && predicted));
    const changed = drift.get(combinationKey(entry.present));
    const classes = [mismatch ? 'mismatch' : '', changed === undefined ? '' : 'drifted'].filter((c) => c !== '').join(' ');
    const message = entry.errorMessage ?? entry.example?.failure ?? '';
    return html`<tr${classes === '' ? '' : html` class="${classes}"`}>${fields.map((f) =>
      present.has(f) ? html`<td class="on" title="${f} present">●</td>` : html`<td class="off" title="${f} absent">○</td>`,
    )}<td class="num mono">${statusText(entry)}</td><td class="mono">${entry.errorCode ?? ''}</td><td class="outcome ${entry.outcome}">${entry.outcome}</td>${
      rule === undefined ? '' : html`<td class="predict">${predicted === true ? 'accept' : 'reject'}</td>`
    }${drift.size === 0 ? '' : html`<td class="mono baseline">${changed === undefined ? '' : changed.before}</td>`}<td class="msg" title="${message}">${message}</td></tr>`;
  };
  const bands = matrixBands(report).map(
    (
      band,
    ) => html`<tbody><tr class="band"><th colspan="${columns}"><span class="badge ${band.outcome}">${band.entries.length}</span> ${band.title}</th></tr>
${band.entries.map((e) => html`${row(e)}\n`)}</tbody>`,
  );
  return html`<section id="matrix">
<h2>Presence matrix</h2>
<div class="legend"><span>● present ○ absent</span>${MATRIX_OUTCOMES.map((o) => html`<span class="badge ${o}">${o}</span>`)}<span class="muted">Accepted combinations first, then each rejection group. “Rule” is what the inferred rule predicts; a red cell disagrees with what was seen.${drift.size === 0 ? '' : ' A row outlined in red changed since the baseline; “Baseline” says what it was.'}</span></div>
<table class="grid"><thead><tr>${fields.map((f) => html`<th class="field">${f}</th>`)}<th>Status</th><th>Error code</th><th>Outcome</th>${rule === undefined ? '' : html`<th>Rule</th>`}${drift.size === 0 ? '' : html`<th>Baseline</th>`}<th>Message</th></tr></thead>
${bands}</table>
</section>`;
}

const CELL_MARK: Record<MatrixOutcome | 'unsent', string> = { accepted: '✓', rejected: '✗', unstable: '~', error: '!', unsent: '?' };

/** Reflected binary (Gray) order: neighbours differ in one field, so a rule's cells stand together. */
function grayOrder(bits: number): number[] {
  return Array.from({ length: 1 << bits }, (_, i) => i ^ (i >> 1));
}

function subset(fields: readonly string[], mask: number): string[] {
  return fields.filter((_, i) => (mask & (1 << i)) !== 0);
}

/**
 * Every combination as one cell, rows over the first half of the fields and columns over the
 * rest, both in Gray order as in a Karnaugh map: the accepted cells of a rule like "a and b, not c"
 * form one block. Undefined above GRID_MAX_FIELDS fields or with none.
 */
export function ruleGrid(report: Pick<BehaviourReport, 'matrix' | 'operation' | 'drift'>): SafeHtml | undefined {
  const fields = report.operation.fields;
  if (fields.length === 0 || fields.length > GRID_MAX_FIELDS) return undefined;
  const rowFields = fields.slice(0, Math.ceil(fields.length / 2));
  const colFields = fields.slice(rowFields.length);
  const seen = new Map(report.matrix.map((e) => [combinationKey(e.present), e]));
  const drift = matrixDrift(report);
  const rows = grayOrder(rowFields.length);
  const cols = grayOrder(colFields.length);
  const mark = (present: boolean): SafeHtml => (present ? html`<td class="on">●</td>` : html`<td class="off">○</td>`);
  const head = colFields.map(
    (f, j) =>
      html`<tr>${j === 0 ? html`<td class="corner" colspan="${rowFields.length}" rowspan="${colFields.length}"></td>` : ''}<th class="field">${f}</th>${cols.map((c) => mark((c & (1 << j)) !== 0))}</tr>`,
  );
  const names = html`<tr>${rowFields.map((f) => html`<th class="field">${f}</th>`)}<td></td>${cols.map(() => html`<td></td>`)}</tr>`;
  const body = rows.map((r) => {
    const cells = cols.map((c) => {
      const present = [...subset(rowFields, r), ...subset(colFields, c)];
      const ordered = fields.filter((f) => present.includes(f));
      const entry = seen.get(combinationKey(ordered));
      const outcome = entry?.outcome ?? 'unsent';
      const changed = drift.get(combinationKey(ordered));
      const title = `${comboLabel(ordered)}: ${entry === undefined ? 'not sent' : `${outcome}, ${statusText(entry)}${entry.errorCode === undefined ? '' : ` ${entry.errorCode}`}`}${changed === undefined ? '' : `; baseline: ${changed.before}`}`;
      return html`<td class="cell ${outcome}${changed === undefined ? '' : ' drifted'}" title="${title}">${CELL_MARK[outcome]}</td>`;
    });
    return html`<tr>${rowFields.map((_, i) => mark((r & (1 << i)) !== 0))}<td></td>${cells}</tr>`;
  });
  return html`<figure class="rule-grid"><table class="kmap"><thead>${head}${names}</thead><tbody>${body}</tbody></table>
<figcaption>Every combination as one cell: ✓ accepted, ✗ rejected, ~ unstable, ! error, ? not sent. Rows and columns in Gray order, so neighbouring cells differ in one field.${drift.size === 0 ? '' : ' Outlined cells changed since the baseline.'}</figcaption></figure>`;
}
