/**
 * A campaign's index: one entry per operation, taken from its run's report (the rule in words, the roles, the
 * requests, the verdicts, what DEVIATES) or its skip reason, as plain data; written as index.json, index.md and a
 * short index.html in REPORT_DIR. Writing takes the data only: the campaign decides, this says.
 */
import { VERDICTS } from '../outcome.js';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { escapeHtml } from '../report/html.js';
import { ruleSentence } from '../report/report-facts.js';
import type { BehaviourReport } from '../report/types.js';
import type { CampaignOperation } from './campaign-operations.js';
import type { ExitCode } from './exit-decision.js';

export interface IndexEntry extends CampaignOperation {
  /** `stopped`: run, and stopped by its first answers (all 401, 403, 404 or 405) after a few requests. */
  status: 'run' | 'stopped' | 'skipped' | 'not run';
  /** Its share of MAX_REQUESTS when it ran (a run, or one the stop left unrun): its first share and what earlier runs left. */
  share?: number;
  /** Its share of the first split, before any run gave back what it did not spend. */
  firstShare?: number;
  code?: ExitCode;
  /** Why the run ends with its code, or why it was skipped or not run. */
  reason: string;
  rule?: string;
  roles?: Record<string, string>;
  requests?: number;
  verdicts?: Record<string, number>;
  deviates?: string[];
  /** A stopped run: the statuses of the answers that stopped it. */
  statuses?: (number | null)[];
  /** The baseline this run left in its folder (lib/run/campaign-baselines.ts), or why it left none. */
  baseline?: string;
  noBaseline?: string;
  /** The earlier baseline it was compared with, and what drifted from it: the count, and the first change in words. */
  comparedWith?: string;
  drift?: { changes: number; first?: string };
  /** Where each path parameter a producer's instance filled came from: "{item-id} from createFolder's 201, id 01AB… from …". */
  pathValues?: string[];
}

export interface CampaignIndex {
  document: string;
  budget: number;
  code: ExitCode;
  operations: IndexEntry[];
  /**
   * The instances producers made for their consumers: the requests reserved for them out of the budget, and sent;
   * how many the target made, and how many of them the campaign deleted at its end (a stop included: children first).
   */
  instances?: { reserved: number; requests: number; made: number; deleted: number };
  /** What the campaign made and could not delete (ids shortened), each with why. */
  leftOnTarget?: { producer: string; id: string; reason: string }[];
  /** The files joined over every operation run (lib/run/campaign-outputs.ts), or why one is not written. */
  files?: CampaignFiles;
}

/** What the index says of the files over every operation: each one's name in REPORT_DIR, or why it is not there. */
export interface CampaignFiles {
  contract?: { json: string; yaml: string; operations: string[]; notJoined?: string[] };
  overlay?: { file: string; operations: string[] };
  sarif?: { file: string; results: number; partial?: string };
  notWritten?: string[];
}

/** The lines naming the files over every operation. */
function fileLines(files: CampaignFiles | undefined): string[] {
  if (files === undefined) return [];
  const { contract, overlay, sarif } = files;
  const lines = [
    ...(contract !== undefined
      ? [`- ${contract.json} and ${contract.yaml}: the observed contract of ${contract.operations.join(', ')}`]
      : []),
    ...(contract?.notJoined ?? []).map((n) => `- not joined: ${n}`),
    ...(overlay !== undefined ? [`- ${overlay.file}: the overlay of ${overlay.operations.join(', ')}`] : []),
    ...(sarif !== undefined
      ? [`- ${sarif.file}: ${sarif.results} result(s)${sarif.partial !== undefined ? `; partial: ${sarif.partial}` : ''}`]
      : []),
    ...(files.notWritten ?? []).map((n) => `- not written: ${n}`),
  ];
  return lines.length > 0 ? ['## Over every operation', '', ...lines, ''] : [];
}

/** The lines under the table: each path value's source, and what the campaign left on the target. */
function instanceLines(index: CampaignIndex): string[] {
  const filled = index.operations.flatMap((e) => (e.pathValues ?? []).map((v) => `- ${e.id}: ${v}`));
  const left = (index.leftOnTarget ?? []).map((l) => `- ${l.producer}'s instance, id ${l.id}: ${l.reason}`);
  const spent =
    index.instances === undefined
      ? []
      : [
          `Instances: ${index.instances.made} made, ${index.instances.deleted} deleted; ${index.instances.requests} of ${index.instances.reserved} requests reserved.`,
          '',
        ];
  return [
    ...(filled.length > 0 ? ['## Path values', '', ...filled, ''] : []),
    ...spent,
    ...(left.length > 0 ? ['## Left on the target', '', ...left, ''] : []),
    ...fileLines(index.files),
  ];
}

/** What an index entry says of a finished run, from its report (none when the run wrote no report). */
export function reportFacts(report: BehaviourReport | undefined): Partial<IndexEntry> {
  if (report === undefined) return {};
  // In the one order every summary gives verdicts (lib/outcome.ts), whichever case came first.
  const verdicts: Record<string, number> = {};
  for (const v of VERDICTS) {
    const n = report.cases.filter((c) => c.verdict === v).length;
    if (n > 0) verdicts[v] = n;
  }
  return {
    rule: ruleSentence(report),
    roles: Object.fromEntries(Object.entries(report.fields).map(([name, role]) => [name, role.presence])),
    requests: report.run.requestsSent,
    verdicts,
    deviates: report.cases.filter((c) => c.verdict === 'DEVIATES').map((c) => c.id),
    ...(report.drift === undefined
      ? {}
      : {
          comparedWith: report.drift.baseline,
          drift: {
            changes: report.drift.changes.length,
            ...(report.drift.changes[0] !== undefined ? { first: report.drift.changes[0].message } : {}),
          },
        }),
  };
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Drift from the earlier baseline in a few words: none, or the count and the first change; empty when not compared. */
const driftWords = (e: IndexEntry): string =>
  e.drift === undefined ? '' : e.drift.changes === 0 ? 'none' : `${e.drift.changes}, first ${e.drift.first ?? '?'}`;

export function indexMarkdown(index: CampaignIndex): string {
  const count = (status: IndexEntry['status']): number => index.operations.filter((e) => e.status === status).length;
  const rows = index.operations.map((e) => {
    const what = e.status === 'run' ? (e.rule ?? e.reason) : `${e.status}: ${e.reason}`;
    const roles = Object.entries(e.roles ?? {})
      .map(([f, r]) => `${f} ${r}`)
      .join(', ');
    const verdicts = Object.entries(e.verdicts ?? {})
      .map(([v, n]) => `${n} ${v}`)
      .join(', ');
    const spent = e.requests === undefined ? '' : `${e.requests} of ${e.share ?? '?'}`;
    const link = e.status === 'run' ? `[${e.folder}/](${e.folder}/behaviour-report.md)` : '';
    return `| ${cell(e.id)} | ${cell(`${e.method} ${e.path}`)} | ${cell(what)} | ${cell(roles)} | ${spent} | ${cell(verdicts)} | ${cell((e.deviates ?? []).join(', '))} | ${cell(driftWords(e))} | ${e.code ?? ''} | ${link} |`;
  });
  return [
    `# Campaign over ${index.document}`,
    '',
    `${count('run')} operation(s) run, ${count('stopped')} stopped by their first answers, ${count('skipped') + count('not run')} not; budget ${index.budget} requests; exit ${index.code}.`,
    '',
    '| Operation | Request | Rule | Roles | Requests | Verdicts | DEVIATES | Drift | Exit | Report |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...instanceLines(index),
  ].join('\n');
}

function html(index: CampaignIndex): string {
  const rows = index.operations.map((e) => {
    const what = e.status === 'run' ? (e.rule ?? e.reason) : `${e.status}: ${e.reason}`;
    const link = e.status === 'run' ? `<a href="${escapeHtml(e.folder)}/behaviour-report.html">report</a>` : '';
    const spent = e.requests === undefined ? '' : `${e.requests} of ${e.share ?? '?'}`;
    return `<tr><td>${escapeHtml(e.id)}</td><td>${escapeHtml(`${e.method} ${e.path}`)}</td><td>${escapeHtml(what)}</td><td>${spent}</td><td>${escapeHtml((e.deviates ?? []).join(', '))}</td><td>${escapeHtml(driftWords(e))}</td><td>${e.code ?? ''}</td><td>${link}</td></tr>`;
  });
  return `<!doctype html><meta charset="utf-8"><title>Campaign over ${escapeHtml(index.document)}</title>
<h1>Campaign over ${escapeHtml(index.document)}</h1><p>Budget ${index.budget} requests; exit ${index.code}.</p>
<table border="1" cellpadding="4"><tr><th>Operation</th><th>Request</th><th>Rule</th><th>Requests</th><th>DEVIATES</th><th>Drift</th><th>Exit</th><th>Report</th></tr>
${rows.join('\n')}
</table>
${instanceLines(index)
  .filter((l) => l.startsWith('- ') || l.startsWith('#') || l.startsWith('Instances'))
  .map((l) => (l.startsWith('#') ? `<h2>${escapeHtml(l.replace(/^#+ /, ''))}</h2>` : `<p>${escapeHtml(l.replace(/^- /, ''))}</p>`))
  .join('\n')}
`;
}

/** Writes index.json, index.md and index.html in `dir`; returns their paths. */
export async function writeCampaignIndex(dir: string, index: CampaignIndex): Promise<string[]> {
  const files: [string, string][] = [
    ['index.json', `${JSON.stringify(index, null, 2)}\n`],
    ['index.md', indexMarkdown(index)],
    ['index.html', html(index)],
  ];
  for (const [name, text] of files) await writeFile(join(dir, name), text);
  return files.map(([name]) => join(dir, name));
}
