/**
 * A date-time refused for its missing zone. OData's Edm.DateTimeOffset needs one: the v2.0 stack answers "Cannot
 * convert the literal '2030-01-05T10:00:00' to the expected type 'Edm.DateTimeOffset'." to a value without Z or an
 * offset. When explain's fix replaces such a value by a known-good one, the user's own value with Z added is asked
 * too, in the fix's body: accepted, it is the fix to show first (the After body keeps the user's instant), and
 * what-is-wrong.ts says the cause. The answer alone decides: refused, not asked (the budget) or no verdict, the
 * change is listed as such and nothing is said of the zone.
 */
import type { BodyConfig } from './body-config.js';
import type { Prober } from './prober.js';
import { observationsOf } from './context.js';
import type { ExplainResult, SingleAnswer, SingleChange } from './types.js';
import { withZone } from './what-is-wrong.js';

/** The result with the zone's change asked, when its fix replaces a date-time that has no zone; else as it was. */
export async function askZone(prober: Prober, r: ExplainResult, confirm: boolean): Promise<ExplainResult> {
  if (r.outcome !== 'explained') return r;
  const candidate = r.singles.fixes.find((f) => f.change.kind === 'replace-value' && withZone(r.original.body[f.change.field]));
  if (candidate === undefined) return r;
  const field = candidate.change.field;
  const value = withZone(r.original.body[field]) as string;
  const change: SingleChange = { kind: 'add-zone', field, value };
  const base = candidate.probe.config;
  const config: BodyConfig = {
    present: base.present,
    good: new Set([...base.good].filter((f) => f !== field)),
    values: new Map([[field, value]]),
    ...(base.renamed === undefined ? {} : { renamed: base.renamed }),
  };
  const answer = await askChecked(prober, config, confirm);
  const done = (singles: ExplainResult['singles'], after = r.after): ExplainResult => ({
    ...r,
    singles,
    ...(after === undefined ? {} : { after }),
    requests: prober.count(),
    cleanupFailures: [...prober.cleanupFailures],
    observations: observationsOf(prober, r.original.body),
  });
  if (answer === undefined) return done({ ...r.singles, unasked: [...r.singles.unasked, change] });
  const asked: SingleAnswer = { change, probe: answer.probe };
  if (answer.kind === 'fix') return done({ ...r.singles, fixes: [asked, ...r.singles.fixes] }, answer.probe);
  if (answer.kind === 'refused') return done({ ...r.singles, refused: [...r.singles.refused, asked] });
  return done({ ...r.singles, noVerdict: [...r.singles.noVerdict, asked] });
}

type Checked = { kind: 'fix' | 'refused' | 'undetermined'; probe: NonNullable<Awaited<ReturnType<Prober['probe']>>> };

/** The answer to the body, a 2xx asked once more when `confirm`: two answers that differ are undetermined. */
async function askChecked(prober: Prober, config: BodyConfig, confirm: boolean): Promise<Checked | undefined> {
  const probe = await prober.probe(config);
  if (probe === undefined) return undefined;
  if (probe.verdict === 'fails') return { kind: 'refused', probe };
  if (probe.verdict !== 'holds') return { kind: 'undetermined', probe };
  if (!confirm) return { kind: 'fix', probe };
  const again = await prober.probe(config, true);
  if (again === undefined) return undefined;
  return again.verdict === 'holds' ? { kind: 'fix', probe } : { kind: 'undetermined', probe: again };
}
