/**
 * A behaviour report with what changes from run to run taken out (times, instants, ids, ports, the
 * per-run unique tag, durations, the request counts, each suite's tally of its cases), so that two runs of the same operation against
 * the same target compare equal, and any difference left is a difference of behaviour or wording.
 */
import type { BehaviourReport } from '../../lib/report/types.js';

const REPLACEMENTS: readonly [RegExp, string][] = [
  // An instant written with unpadded parts (the value classes of a client's mistakes): 2030-1-5T5:00:00Z.
  [/\b\d{4}-\d{1,2}-\d{1,2}T\d{1,2}:\d{2}(:\d{2})?Z/g, '<instant>'],
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?/g, '<instant>'],
  [/\b\d{4}-\d{2}-\d{2}\b/g, '<date>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/(127\.0\.0\.1|localhost|\[::1\]):\d+/g, '$1:<port>'],
  // The suites' unique tag: base-36 clock and random letters, then a counter (suites/support/context.ts).
  [/\b[0-9a-z]{9,14}-\d+\b/g, '<unique>'],
  [/x{3,}/g, 'x…'],
  [/\b1\d{12}\b/g, '<epoch-ms>'],
  [/\b\d+(\.\d+)? (ms|s)\b/g, '<n> $2'],
  // Whether a GET of the collection comes back paged depends on how many subscriptions the suites running
  // beside it hold at that moment (the reference pages by two), not on the operation.
  [/, @odata\.nextLink\b/g, ''],
];

/** Any JSON with the run-to-run parts of its strings replaced (e.g. the observed contract's examples). */
export function scrub(value: unknown): unknown {
  if (typeof value === 'string') return REPLACEMENTS.reduce((s, [re, to]) => s.replace(re, to), value);
  if (Array.isArray(value)) return value.map(scrub);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v)]));
  return value;
}

export function stableReport(report: BehaviourReport): unknown {
  const run: Record<string, unknown> = { ...report.run };
  // The settled curve counts requests as the cases ended, which the run's concurrency orders: the machine's too.
  for (const key of ['startedAt', 'endedAt', 'target', 'requestsSent', 'requestsBesideSuites', 'settled']) delete run[key];
  // How long each case took is the machine's, not the target's.
  const cases = report.cases.map(({ seconds: _seconds, ...c }) => c);
  // Each suite's counts are its cases' (compared above); its time and requests are the run's.
  const rest: Record<string, unknown> = { ...report };
  delete rest['suites'];
  // Which value of a kind of refusal confirms it (two asks) and which count on one is the order the answers came in.
  rest['values'] = Object.fromEntries(
    Object.entries(report.values).map(([field, v]) => [
      field,
      Object.fromEntries(
        Object.entries(v).map(([k, list]) => [
          k,
          Array.isArray(list)
            ? list.map((c) => (typeof c === 'object' && c !== null && 'asks' in c ? { ...c, asks: undefined } : c))
            : list,
        ]),
      ),
    ]),
  );
  return scrub({ ...rest, run, cases });
}
