/** The HTML report's lifecycle section: the item operations, the record's fields, and the states as a table and a small diagram. */
import { statusOrNoAnswer } from '../http/answer-text.js';
import type { LifecycleFacts } from '../lifecycle/types.js';
import { html, type SafeHtml } from './html.js';
import { supportWords } from './lifecycle-markdown.js';

const yesNo = (value: boolean | null): string => (value === null ? 'not found out' : value ? 'yes' : 'no');

export function lifecycleSection(facts: LifecycleFacts): SafeHtml {
  const { operations: ops, record, renewal, afterDelete } = facts;
  const past = renewal.pastLimit;
  const fields = Object.entries(record.fields);
  // The states in the order first seen, each once: the diagram reads as the subscription's path.
  const path = [...new Set(facts.states.flatMap((m) => [m.from, m.to]))];
  return html`<section id="lifecycle">
<h2>Lifecycle <span class="badge INFORMATIONAL">spec §2, §3, §4, §8: not shown</span></h2>
<table><thead><tr><th>Operation</th><th>Request</th><th>Answer</th></tr></thead><tbody>
${Object.entries(ops).map(([name, op]) => html`<tr><td>${name}</td><td class="mono">${op.path === '' ? '' : `${op.method} ${op.path}`}</td><td>${supportWords(op)}</td></tr>`)}
</tbody></table>
<ul>
<li>List: ${ops.list.pages} page(s) read; shows the created subscription: ${yesNo(ops.list.containsCreated)}; next links to another origin, not followed: ${facts.offOriginLinks}</li>
<li>Renewal: longest accepted ${renewal.longestAcceptedMinutes === null ? 'not found out' : `${renewal.longestAcceptedMinutes} minutes`}${past === null ? '' : `; past it ${statusOrNoAnswer(past.status)}${past.code === null ? '' : ` ${past.code}`}`}${Object.entries(renewal.otherFields).map(([f, o], i) => html`${i === 0 ? '; other fields by PATCH: ' : ', '}<code>${f}</code> ${o}`)}</li>
<li>After delete: read ${statusOrNoAnswer(afterDelete.read)}, a second delete ${statusOrNoAnswer(afterDelete.delete)}, still listed: ${yesNo(afterDelete.listed)}</li>
</ul>
${
  fields.length === 0
    ? html`<p class="muted">No record fields were seen.</p>`
    : html`<h3>Record fields</h3><table><thead><tr><th>Field</th><th>Type</th><th>Origin</th></tr></thead><tbody>${fields.map(
        ([name, f]) =>
          html`<tr><td class="mono">${name}</td><td>${f.type}</td><td>${f.origin}${f.origin === 'changed' ? html`: sent <code>${f.sent ?? ''}</code>, returned <code>${f.returned ?? ''}</code>` : ''}</td></tr>`,
      )}</tbody></table>
<p class="muted">Read equal to the create answer: ${yesNo(record.readEqualsCreate)}; list entry equal to it: ${yesNo(record.listEntryEqualsCreate)}.</p>`
}
${
  facts.states.length === 0
    ? ''
    : html`<h3>States</h3>
<p class="mono">${path.map((s, i) => html`${i === 0 ? '' : ' → '}${s}`)}</p>
<table><thead><tr><th>From</th><th>Action</th><th class="num">Answer</th><th>To</th></tr></thead><tbody>${facts.states.map(
        (m) => html`<tr><td>${m.from}</td><td>${m.action}</td><td class="num mono">${statusOrNoAnswer(m.status)}</td><td>${m.to}</td></tr>`,
      )}</tbody></table>`
}
</section>`;
}
