/**
 * A campaign's one results.sarif: one SARIF run over the campaign's OpenAPI document, holding what each operation's
 * own SARIF reports (its DEVIATES and ERROR cases, expected ones suppressed as there), each rule and result id
 * prefixed with the operation id (`createWidget/value/name/empty`) so the same case of two operations stays apart,
 * and each result located on its operation: the document as the campaign names it, at the line of the operation's
 * `operationId`. An operation the campaign stopped because the target does not serve it is a result too. Pure: the
 * caller reads the runs' files and the document's text.
 */
import { ruleName, type SarifLog } from './render-sarif.js';

type SarifRun = SarifLog['runs'][number];
type Rule = SarifRun['tool']['driver']['rules'][number];
type Result = SarifRun['results'][number];
type Notification = NonNullable<SarifRun['invocations'][number]['toolExecutionNotifications']>[number];

/** One operation of the campaign: its run's SARIF, or why it was stopped. */
export type SarifPart = { id: string; log: SarifLog } | { id: string; notServed: string; at: { start: string; end: string } };

export interface CampaignSarifOptions {
  /** The document as results name it: relative to the working folder, `/`-separated, else as given. */
  uri: string;
  /** The document's text, where the operations' lines are found; none, results point to the file. */
  text?: string;
  toolVersion: string;
  /** Why the campaign covers part of its operations or cases (a filter, a stop), besides what each run says. */
  partial?: string;
}

/** Most lines searched for an operationId: a document longer than that has results on the file, not a line. */
const MAX_LINES = 200_000;

/** The 1-based line of `operationId: <id>` (YAML, block or flow) or `"operationId": "<id>"` (JSON), the first. */
export function operationIdLine(text: string, id: string): number | undefined {
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(^|[\\s{,])["']?operationId["']?\\s*:\\s*["']?${escaped}["']?\\s*([,}#]|$)`);
  const lines = text.split('\n', MAX_LINES);
  const index = lines.findIndex((line) => pattern.test(line.replace(/\r$/, '')));
  return index < 0 ? undefined : index + 1;
}

/** A result's place: the document, at the operation's line when it was found. */
function located(uri: string, line: number | undefined): Result['locations'] {
  return [{ physicalLocation: { artifactLocation: { uri }, ...(line !== undefined ? { region: { startLine: line } } : {}) } }];
}

const prefixed = (id: string, text: string): string => `${id}: ${text}`;

/** The rule and result of an operation the target does not serve: the document promises what is not there. */
function notServed(id: string, reason: string, uri: string, line: number | undefined, ruleIndex: number): { rule: Rule; result: Result } {
  const ruleId = `${id}/campaign/not-served`;
  const text = `The target serves the operation ${id} the document describes.`;
  return {
    rule: {
      id: ruleId,
      name: ruleName(ruleId),
      shortDescription: { text },
      fullDescription: { text: `${text} Stopped after the setup check's first answers.` },
      help: { text: `${text} The campaign's index.md says which answers stopped it.` },
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['conformance', 'campaign'], spec: 'the OpenAPI document' },
    },
    result: {
      ruleId,
      ruleIndex,
      level: 'error',
      message: { text: `DEVIATES: stopped: ${reason}` },
      locations: located(uri, line),
      partialFingerprints: { primaryLocationLineHash: `${ruleId}:1` },
      properties: { verdict: 'DEVIATES' },
    },
  };
}

/** One operation's rules and results, renamed and moved onto its line; its notifications, said as its. */
function operationPart(run: SarifRun, id: string, uri: string, line: number | undefined, offset: number) {
  const rules = run.tool.driver.rules.map((r) => ({ ...r, id: `${id}/${r.id}`, name: ruleName(`${id}/${r.id}`) }));
  const results = run.results.map((r) => ({
    ...r,
    ruleId: `${id}/${r.ruleId}`,
    ruleIndex: r.ruleIndex + offset,
    locations: located(uri, line),
  }));
  const notifications: Notification[] = run.invocations.flatMap((inv) =>
    (inv.toolExecutionNotifications ?? []).map((n) => ({ ...n, message: { ...n.message, text: prefixed(id, n.message.text) } })),
  );
  const successful = run.invocations.every((inv) => inv.executionSuccessful);
  return { rules, results, notifications, successful };
}

/** The campaign's one SARIF log over its operations, in the order given. */
export function joinSarif(parts: readonly SarifPart[], options: CampaignSarifOptions): SarifLog {
  const rules: Rule[] = [];
  const results: Result[] = [];
  const notifications: Notification[] = [];
  const times: string[] = [];
  let successful = options.partial === undefined;
  for (const part of parts) {
    const line = options.text === undefined ? undefined : operationIdLine(options.text, part.id);
    if ('notServed' in part) {
      const made = notServed(part.id, part.notServed, options.uri, line, rules.length);
      rules.push(made.rule);
      results.push(made.result);
      times.push(part.at.start, part.at.end);
      continue;
    }
    for (const run of part.log.runs) {
      const made = operationPart(run, part.id, options.uri, line, rules.length);
      rules.push(...made.rules);
      results.push(...made.results);
      notifications.push(...made.notifications);
      successful &&= made.successful;
      times.push(...run.invocations.flatMap((inv) => [inv.startTimeUtc, inv.endTimeUtc]));
    }
  }
  if (options.partial !== undefined)
    notifications.push({ descriptor: { id: 'partial-run' }, level: 'error', message: { text: `A partial campaign: ${options.partial}.` } });
  const sorted = [...times].sort();
  const now = new Date().toISOString();
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'subscription-conformance', version: options.toolVersion, rules } },
        // The category: one campaign's alerts apart from a one-operation run's and from another document's.
        automationDetails: { id: `subscription-conformance/campaign/${options.uri}/` },
        columnKind: 'utf16CodeUnits',
        invocations: [
          {
            executionSuccessful: successful,
            startTimeUtc: sorted[0] ?? now,
            endTimeUtc: sorted.at(-1) ?? now,
            ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
          },
        ],
        results,
      },
    ],
  };
}
