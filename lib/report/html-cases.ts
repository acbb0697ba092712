/** The HTML report's cases: one folded group per suite, failing groups open, a filter that needs no server. */
import { createHash } from 'node:crypto';
import { VERDICTS, type Verdict } from '../outcome.js';
import type { CaseSummary, SuiteSummary } from './types.js';
import { html, type SafeHtml } from './html.js';
import { findingHtml, saidOnce, saidOnceList, type SaidOnce } from './html-said-once.js';
import { reusedWords } from './suite-summary.js';

export const VERDICT_ORDER: Record<Verdict, number> = { DEVIATES: 0, ERROR: 1, CONFORMS: 2, INFORMATIONAL: 3 };

const FAILING: ReadonlySet<Verdict> = new Set(['DEVIATES', 'ERROR']);

/**
 * The filter's script. The page reads in full without it: the controls start hidden and the
 * script only shows them, and hides rows. It is allowed by its hash in the page's
 * Content-Security-Policy, so no other script, such as one smuggled in by a target, can run.
 */
export const CASE_FILTER_SCRIPT = `(function () {
  var box = document.getElementById('case-controls');
  if (!box) return;
  box.hidden = false;
  var text = document.getElementById('case-filter');
  var suite = document.getElementById('case-suite');
  var checks = box.querySelectorAll('input[type=checkbox]');
  var rows = document.querySelectorAll('#cases tr[data-verdict]');
  var groups = document.querySelectorAll('#cases details.suite');
  var count = document.getElementById('case-count');
  function apply() {
    var q = text.value.trim().toLowerCase();
    var s = suite.value;
    var on = {};
    checks.forEach(function (c) { on[c.value] = c.checked; });
    var shown = 0;
    rows.forEach(function (r) {
      var ok = on[r.getAttribute('data-verdict')] && (s === '' || r.getAttribute('data-suite') === s) && (q === '' || r.textContent.toLowerCase().indexOf(q) >= 0);
      r.hidden = !ok;
      if (ok) shown += 1;
    });
    groups.forEach(function (g) {
      var n = g.querySelectorAll('tr[data-verdict]:not([hidden])').length;
      g.hidden = n === 0;
      if ((q !== '' || s !== '') && n > 0) g.open = true;
    });
    count.textContent = shown + ' of ' + rows.length + ' cases shown';
  }
  text.addEventListener('input', apply);
  suite.addEventListener('change', apply);
  checks.forEach(function (c) { c.addEventListener('change', apply); });
  document.getElementById('case-open').addEventListener('click', function () { groups.forEach(function (g) { g.open = true; }); });
  document.getElementById('case-close').addEventListener('click', function () { groups.forEach(function (g) { g.open = false; }); });
  apply();
})();`;

export const CASE_FILTER_SCRIPT_HASH = `sha256-${createHash('sha256').update(CASE_FILTER_SCRIPT).digest('base64')}`;

/** The words of a text, lower case, for comparing what two texts say. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_.-]+/gu) ?? [];
}

/** Words that say what kind of thing follows, not what was seen. */
const FILLER = new Set(['status', 'with', 'and', 'the', 'a']);

/**
 * Whether Observed adds nothing to Finding: every word of it (bar fillers such as "status")
 * is already in the finding, as with "rejected (400, 400) invalidRequest" beside
 * "{changeType} rejected (400 invalidRequest)".
 */
export function observedRepeatsFinding(c: Pick<CaseSummary, 'finding' | 'observed'>): boolean {
  if (c.observed === undefined || c.finding === undefined) return false;
  const said = new Set(words(c.finding));
  const observed = words(c.observed).filter((w) => !FILLER.has(w));
  return observed.every((w) => said.has(w));
}

interface Suite {
  key: string;
  title: string;
  cases: { c: CaseSummary; index: number }[];
}

/** The suite a case belongs to: its suite file (`05-protocol`); in older reports, the first part of its id. */
function suiteKey(c: CaseSummary): string {
  return c.suite ?? c.id.split('/')[0] ?? c.id;
}

/** The describe block a case's name starts with ("spec §5 authentication > ..."), if any. */
const describeOf = (name: string): string | undefined => (name.includes(' > ') ? name.slice(0, name.indexOf(' > ')) : undefined);

/** Most describe blocks a suite's title names; the rest are said as "…". */
const TITLE_BLOCKS = 4;

/**
 * Case names read "describe block > case". A suite file's title names its blocks in order (05-protocol holds
 * authentication, malformed bodies, content, version and methods); in older reports, without the suite file,
 * the title is the block most of its cases share.
 */
function suiteTitle(key: string, cases: readonly CaseSummary[]): string {
  if (cases.every((c) => c.suite !== undefined)) {
    const blocks = [...new Set(cases.flatMap((c) => describeOf(c.name) ?? []))];
    if (blocks.length === 0) return key;
    return blocks.length > TITLE_BLOCKS ? `${blocks.slice(0, TITLE_BLOCKS).join(' · ')} · …` : blocks.join(' · ');
  }
  const prefixes = new Map<string, number>();
  for (const c of cases) {
    const at = c.name.indexOf(' > ');
    if (at > 0) prefixes.set(c.name.slice(0, at), (prefixes.get(c.name.slice(0, at)) ?? 0) + 1);
  }
  const best = [...prefixes.entries()].sort((a, b) => b[1] - a[1])[0];
  return best === undefined ? key : best[0];
}

/** Suites in the order their first case ran; each case keeps the index the summary's links use. */
export function suitesOf(cases: readonly CaseSummary[]): Suite[] {
  const byKey = new Map<string, Suite>();
  cases.forEach((c, index) => {
    const key = suiteKey(c);
    const suite = byKey.get(key) ?? { key, title: key, cases: [] };
    suite.cases.push({ c, index });
    byKey.set(key, suite);
  });
  return [...byKey.values()].map((s) => ({
    ...s,
    title: suiteTitle(
      s.key,
      s.cases.map((x) => x.c),
    ),
    cases: [...s.cases].sort((a, b) => VERDICT_ORDER[a.c.verdict] - VERDICT_ORDER[b.c.verdict] || a.index - b.index),
  }));
}

/** A case's name without its suite's title ("presence matrix > present: changeType" → "present: changeType"). */
export function caseShortName(name: string): string {
  const at = name.indexOf(' > ');
  return at < 0 ? name : name.slice(at + 3);
}

export function caseAnchor(index: number): string {
  return `case-${index}`;
}

/** `suites`: the report's own count of each suite (its requests and elapsed time), shown beside its cases. */
export function casesSection(
  cases: readonly CaseSummary[],
  counted: readonly SuiteSummary[] = [],
  notes: readonly SaidOnce[] = saidOnce(cases),
): SafeHtml {
  const suites = suitesOf(cases);
  // The console's suite line in the HTML's words: its requests, the answers it took from earlier asks, its time.
  const reused = (n: number | undefined): string => (n === undefined ? '' : ` · ${reusedWords(n)}`);
  const cost = new Map(counted.map((s) => [s.suite, ` · ${s.requests} requests${reused(s.reused)} · ${s.seconds.toFixed(1)} s`] as const));
  const groups = suites.map((suite) => {
    const failing = suite.cases.some(({ c }) => FAILING.has(c.verdict) && c.expectation === undefined);
    const counts = VERDICTS.map((v) => [v, suite.cases.filter(({ c }) => c.verdict === v).length] as const).filter(([, n]) => n > 0);
    return html`<details class="suite"${failing ? ' open' : ''}>
<summary><strong>${suite.title}</strong> <span class="muted">${suite.key} · ${suite.cases.length} case${suite.cases.length === 1 ? '' : 's'}${cost.get(suite.key) ?? ''}</span> ${counts.map(([v, n]) => html`<span class="badge ${v}">${v} ${n}</span> `)}</summary>
<table class="cases"><colgroup><col class="c-verdict"><col class="c-case"><col class="c-spec"><col class="c-details"></colgroup>
<thead><tr><th>Verdict</th><th>Case</th><th>Spec</th><th>Finding, expected and observed</th></tr></thead>
<tbody>${suite.cases.map(({ c, index }) => caseRow(c, index, suite, notes))}</tbody></table>
</details>`;
  });
  return html`<section id="cases">
<h2>Cases</h2>
<p class="muted">Grouped by suite; a suite with a DEVIATES or ERROR case starts open.</p>
<div id="case-controls" class="controls" hidden>
<input type="search" id="case-filter" placeholder="Filter cases by any text" aria-label="Filter cases by text">
<select id="case-suite" aria-label="Show one suite"><option value="">every suite</option>${suites.map((s) => html`<option value="${s.key}">${s.key}</option>`)}</select>
${VERDICTS.map((v) => html`<label class="badge ${v}"><input type="checkbox" value="${v}" checked> ${v}</label>`)}
<button type="button" id="case-open">Open all</button><button type="button" id="case-close">Close all</button>
<span id="case-count" class="muted"></span>
</div>
${notes.length === 0 ? '' : html`<p class="muted">Said once here for the cases whose finding holds it; their rows link to it by its number.</p>${saidOnceList(notes)}`}
${groups}
</section>`;
}

function caseRow(c: CaseSummary, index: number, suite: Suite, notes: readonly SaidOnce[]): SafeHtml {
  const block = describeOf(c.name);
  const name =
    c.name.startsWith(`${suite.title} > `) || (c.suite !== undefined && block !== undefined)
      ? c.name.slice((block ?? suite.title).length + 3)
      : c.name;
  const details = [
    c.expectation === undefined
      ? ''
      : html`<div><strong>Expected:</strong> ${c.expectation.reason}${c.expectation.until === undefined ? '' : html` <span class="muted">until ${c.expectation.until}</span>`}${c.expectation.link === undefined ? '' : html` <span class="muted">(${c.expectation.link})</span>`}</div>`,
    c.finding === undefined ? '' : html`<div>${findingHtml(c.finding, notes)}</div>`,
    c.expected === undefined ? '' : html`<div><span class="muted">Expected:</span> <code>${c.expected}</code></div>`,
    c.observed === undefined || observedRepeatsFinding(c)
      ? ''
      : html`<div><span class="muted">Observed:</span> <code>${c.observed}</code></div>`,
  ];
  return html`<tr id="${caseAnchor(index)}" data-verdict="${c.verdict}" data-suite="${suite.key}"><td class="verdict"><span class="badge ${c.verdict}">${c.verdict}</span>${c.expectation === undefined ? '' : html` <span class="muted">(expected: ${c.expectation.reason})</span>`}</td><td><div>${name}</div><code class="muted">${c.id}</code></td><td>${c.specRef}</td><td>${details}</td></tr>`;
}
