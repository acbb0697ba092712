/**
 * results.sarif: the run's failing cases as SARIF 2.1.0, for code scanning (GitHub's security tab and other SARIF
 * viewers), which tracks each finding across runs. One rule per case id of the report (its name, the spec section it
 * checks, what it checks); one result per DEVIATES or ERROR case (level `error`) and per case that ended as an
 * expectation said (level `note`, with an accepted suppression carrying the reason). Every result points to the
 * operation description the run probed, at the line of the field when the case is about one field. Its fingerprint
 * is the operation and the case id, so a finding keeps its alert from night to night whatever else changes.
 * The target's address is never in it (a CI secret, often): it reads `{BASE_URL}`.
 */
import { createHash } from 'node:crypto';
import { shownVerdict } from './report-counts.js';
import type { BehaviourReport, CaseSummary } from './types.js';

/** Where results point: the operation description file, relative to the repository (the working folder), `/`-separated. */
export interface SarifArtifact {
  uri: string;
  /** The line of each field's entry in that file, where one was found. */
  fieldLines: ReadonlyMap<string, number>;
}

export interface SarifOptions {
  toolVersion: string;
  artifact: SarifArtifact;
  /**
   * Why the run covers only part of the cases, besides a stop the report records (a filter of the suites): such a
   * run's log says so, since code scanning reads a finding absent from an upload as fixed.
   */
  partial?: string;
}

/** The parts of SARIF 2.1.0 this writer uses (sarif-schema-2.1.0.json names them). */
interface SarifMessage {
  text: string;
  markdown?: string;
}
interface SarifRule {
  id: string;
  name: string;
  shortDescription: SarifMessage;
  fullDescription: SarifMessage;
  help: SarifMessage;
  defaultConfiguration: { level: 'error' | 'note' };
  properties: { tags: string[]; spec: string };
}
interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: 'error' | 'note';
  message: SarifMessage;
  locations: { physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number } } }[];
  partialFingerprints: Record<string, string>;
  suppressions?: { kind: 'external'; status: 'accepted'; justification: string }[];
  properties: { verdict: string; suite?: string };
}
interface SarifNotification {
  descriptor: { id: string };
  level: 'error';
  message: SarifMessage;
}
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: {
    tool: { driver: { name: string; version: string; informationUri?: string; rules: SarifRule[] } };
    automationDetails: { id: string };
    columnKind: 'utf16CodeUnits';
    invocations: {
      executionSuccessful: boolean;
      startTimeUtc: string;
      endTimeUtc: string;
      toolExecutionNotifications?: SarifNotification[];
    }[];
    results: SarifResult[];
  }[];
}

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const TOOL = 'subscription-conformance';
/** Most characters of a result's message: code scanning shows the first lines; the reports have all of it. */
const MESSAGE_CHARACTERS = 1000;

const clip = (text: string): string => (text.length > MESSAGE_CHARACTERS ? `${text.slice(0, MESSAGE_CHARACTERS - 1)}…` : text);

/** `protocol/spec-5/unknown-bearer` -> `ProtocolSpec5UnknownBearer`: the rule's name, as SARIF suggests one. */
export function ruleName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => `${part[0]?.toUpperCase() ?? ''}${part.slice(1)}`)
    .join('');
}

/** The field a case is about, when it is one field's: `value/<field>/<class>`, `limit/<field>/<limit>`. */
export function caseField(id: string, fields: readonly string[]): string | undefined {
  const [kind, field] = id.split('/');
  return (kind === 'value' || kind === 'limit') && field !== undefined && fields.includes(field) ? field : undefined;
}

/**
 * The line of each field's entry in an operation description (JSON or YAML: `"name": "x"` or `name: x`), or in an
 * OpenAPI document (its property `x:`), the first that names it; fields named nowhere get none.
 */
export function fieldLines(text: string, fields: readonly string[]): Map<string, number> {
  const lines = text.split('\n');
  const found = new Map<string, number>();
  const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const field of fields) {
    const f = escape(field);
    const patterns = [new RegExp(`["']?name["']?\\s*:\\s*["']?${f}["']?\\s*(,|$)`), new RegExp(`^\\s*["']?${f}["']?\\s*:`)];
    for (const pattern of patterns) {
      const index = lines.findIndex((line) => pattern.test(line));
      if (index >= 0) {
        found.set(field, index + 1);
        break;
      }
    }
  }
  return found;
}

/** Stable across runs: the operation and the case, nothing that changes from night to night. */
const fingerprint = (operation: string, id: string): string =>
  createHash('sha256').update(`${TOOL}\n${operation}\n${id}`).digest('hex').slice(0, 32);

function withoutTarget(text: string, target: string): string {
  return target === '' ? text : text.split(target).join('{BASE_URL}');
}

function rule(c: CaseSummary): SarifRule {
  const open = c.specRef.startsWith('open');
  const what = open ? `Records what the target does where the spec leaves it open (${c.specRef}).` : `Checks ${c.specRef}.`;
  const expected = c.expected === undefined ? '' : ` Expected: ${c.expected}.`;
  const suite =
    c.suite === undefined ? '' : ` It runs in the suite ${c.suite}: \`npx subscription-conformance probe ${c.suite}\` runs it again.`;
  return {
    id: c.id,
    name: ruleName(c.id),
    shortDescription: { text: c.name },
    fullDescription: { text: `${c.specRef}: ${c.name}` },
    help: {
      text: `${what}${expected}${suite} The case's exchange, as a cURL command, and its finding are in reports/behaviour-report.html.`,
      markdown: `${what}${expected}${suite}\n\nThe case's exchange, as a cURL command, and its finding are in \`reports/behaviour-report.html\`.`,
    },
    defaultConfiguration: { level: 'error' },
    properties: { tags: ['conformance', ...(c.suite !== undefined ? [c.suite] : [])], spec: c.specRef },
  };
}

function message(c: CaseSummary, target: string): string {
  const parts = [
    `${shownVerdict(c)} (${c.specRef})${c.finding === undefined ? '' : `: ${c.finding}`}`,
    ...(c.expected !== undefined ? [`Expected: ${c.expected}`] : []),
    ...(c.observed !== undefined ? [`Observed: ${c.observed}`] : []),
  ];
  return clip(withoutTarget(parts.join('\n'), target));
}

/** The reason the run covers part of its cases only: a stop the report records, else the one its caller gives. */
export function partialReason(report: Pick<BehaviourReport, 'run'>, given?: string): string | undefined {
  return report.run.stopped?.why ?? given;
}

/** A partial run's notification: what it covers and why its missing results do not mean fixed. */
function partialNotification(reason: string): SarifNotification {
  return {
    descriptor: { id: 'partial-run' },
    level: 'error',
    message: {
      text:
        `A partial run: ${reason}. Its results cover only the cases that ran: a finding absent here was not checked, ` +
        'not fixed. Upload the SARIF of a complete run (every suite, every shard merged) only.',
    },
  };
}

/** A failing case's result, at the line of the field it is about: suppressed, with its reason, when expected. */
function result(
  c: CaseSummary,
  report: BehaviourReport,
  artifact: SarifArtifact,
  index: ReadonlyMap<string, number>,
  target: string,
): SarifResult[] {
  const failing = c.verdict === 'DEVIATES' || c.verdict === 'ERROR';
  if (!failing) return [];
  const field = caseField(c.id, report.operation.fields);
  const line = field === undefined ? undefined : artifact.fieldLines.get(field);
  const expected = c.expectation;
  return [
    {
      ruleId: c.id,
      ruleIndex: index.get(c.id) ?? 0,
      level: expected === undefined ? 'error' : 'note',
      message: { text: message(c, target) },
      locations: [
        { physicalLocation: { artifactLocation: { uri: artifact.uri }, ...(line !== undefined ? { region: { startLine: line } } : {}) } },
      ],
      // primaryLocationLineHash is what code scanning matches results by; given, it is not computed from the file's
      // lines, so an edit of the description does not turn a finding into a new alert.
      partialFingerprints: { primaryLocationLineHash: `${fingerprint(report.operation.id, c.id)}:1` },
      ...(expected !== undefined
        ? {
            suppressions: [
              {
                kind: 'external' as const,
                status: 'accepted' as const,
                justification: clip(
                  `${expected.reason}${expected.until === undefined ? '' : ` (until ${expected.until})`}${expected.link === undefined ? '' : ` ${expected.link}`}`,
                ),
              },
            ],
          }
        : {}),
      properties: { verdict: c.verdict, ...(c.suite !== undefined ? { suite: c.suite } : {}) },
    },
  ];
}

export function renderSarif(report: BehaviourReport, options: SarifOptions): SarifLog {
  const partial = partialReason(report, options.partial);
  const target = /^https?:\/\//.test(report.run.target) ? report.run.target.replace(/\/$/, '') : '';
  const rules = [...new Map(report.cases.map((c) => [c.id, c] as const)).values()].map(rule);
  const index = new Map(rules.map((r, i) => [r.id, i] as const));
  const results = report.cases.flatMap((c) => result(c, report, options.artifact, index, target));
  return {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: TOOL, version: options.toolVersion, rules } },
        // The category: runs of another operation keep their own alerts.
        automationDetails: { id: `${TOOL}/${report.operation.id}/` },
        columnKind: 'utf16CodeUnits',
        invocations: [
          {
            executionSuccessful: partial === undefined,
            startTimeUtc: report.run.startedAt,
            endTimeUtc: report.run.endedAt,
            ...(partial !== undefined ? { toolExecutionNotifications: [partialNotification(partial)] } : {}),
          },
        ],
        results,
      },
    ],
  };
}

/** The file's text. */
export const sarifText = (log: SarifLog): string => `${JSON.stringify(log, null, 2)}\n`;
