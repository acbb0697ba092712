/**
 * What every step of explain shares: the options, the prober (answers, budget), the user's body as a frame, the
 * request's own answer, and the changes of one field asked so far; and the one place that turns a step's end into an
 * ExplainResult (explained, the budget spent, unstable answers), so that each step returns data or a result and the
 * steps read in order in explain.ts.
 */
import type { BodyConfig } from './body-config.js';
import type { Frame } from './frame.js';
import type { Prober } from './prober.js';
import { describeAnswer } from './signature.js';
import type { ExplainOptions, ExplainResult, Observation, Probe, Singles } from './types.js';
import { caseVariantOf } from './what-is-wrong.js';

/** A step that ends the explanation early: its result. */
export interface Stopped {
  stopped: ExplainResult;
}

export const isStopped = (x: object): x is Stopped => 'stopped' in x;

export const noSingles = (): Singles => ({
  fixes: [],
  refused: [],
  noVerdict: [],
  unasked: [],
  byReport: [],
  answered: { changes: [], keeps: [], named: [] },
});

/** Every body the prober sent that got a verdict, as explain saw it. */
export function observationsOf(prober: Prober, original: Readonly<Record<string, unknown>>): Observation[] {
  const userValue = (field: string): unknown => {
    const name = Object.hasOwn(original, field) ? field : Object.keys(original).find((k) => caseVariantOf(k, [field]) === field);
    return name === undefined ? undefined : original[name];
  };
  return prober.probes.flatMap((p) => {
    if (p.verdict === 'unresolved') return [];
    const present = Object.keys(p.body);
    const given = present.filter((f) => userValue(f) !== undefined && JSON.stringify(p.body[f]) === JSON.stringify(userValue(f)));
    return [{ present, given, accepted: p.verdict === 'holds' }];
  });
}

export class Ctx {
  singles: Singles = noSingles();
  /** The notification URL of explain's known-good bodies (its receiver, or the configured one). */
  readonly receiverUrl: string;

  constructor(
    readonly o: ExplainOptions,
    readonly prober: Prober,
    readonly known: ReadonlySet<string>,
    readonly user: Frame,
    readonly first: Probe,
  ) {
    this.receiverUrl = o.values().notificationUrl;
  }

  /** Every field of a config known-good (an unknown field keeps the user's value: there is no other). */
  allGood(present: ReadonlySet<string>): BodyConfig {
    return { present, good: new Set([...present].filter((f) => this.known.has(f))) };
  }

  result(found: Pick<ExplainResult, 'outcome'> & Partial<ExplainResult>): ExplainResult {
    return {
      fields: [...this.user.fields],
      original: this.first,
      removed: [],
      added: [],
      replaced: [],
      presenceEvidence: [],
      valueEvidence: [],
      disagreements: [],
      swaps: [],
      unasked: [],
      renamed: [],
      fixSets: [],
      singles: this.singles,
      observations: observationsOf(this.prober, this.o.body),
      receiverUrl: this.receiverUrl,
      limits: (this.o.operation.limits ?? []).map((l) => ({ field: l.field, unit: l.unit })),
      ...found,
      requests: this.prober.count(),
      budget: this.o.budget,
      cleanupFailures: [...this.prober.cleanupFailures],
    };
  }

  stop(found: Pick<ExplainResult, 'outcome'> & Partial<ExplainResult>): Stopped {
    return { stopped: this.result(found) };
  }

  budgetSpent(what: string, partial?: ExplainResult['partial']): Stopped {
    return this.stop({
      outcome: 'budget',
      reason: `the budget of ${this.o.budget} requests was spent ${what}`,
      ...(partial === undefined ? {} : { partial }),
    });
  }

  /** Each config that got two answers, in words with its answers. */
  unstable(configs: BodyConfig[]): Stopped {
    const disagreements = configs.map((config) => {
      const answers = this.prober.probes.filter((p) => p.key === this.prober.key(config));
      return `${this.bodyWords(config)}: ${answers.map((p) => describeAnswer(p)).join(', then ')}`;
    });
    return this.stop({ outcome: 'unstable', reason: 'the target answered the same request differently', disagreements });
  }

  bodyWords(config: BodyConfig): string {
    const P = this.user.present;
    const renamedFrom = new Set(config.renamed?.values() ?? []);
    const out = [...P].filter((f) => !config.present.has(f) && !renamedFrom.has(f));
    const inn = [...config.present].filter((f) => !P.has(f) && config.renamed?.has(f) !== true);
    const renamed = [...(config.renamed ?? [])].map(([field, from]) => `${from} renamed ${field}`);
    const goodValues = [...config.present].filter((f) => config.good.has(f) && (P.has(f) || config.renamed?.has(f) === true));
    const parts = [
      ...(out.length > 0 ? [`without ${out.join(', ')}`] : []),
      ...(inn.length > 0 ? [`with ${inn.join(', ')} added`] : []),
      ...renamed,
      ...(goodValues.length > 0 ? [`known-good values for ${goodValues.join(', ')}`] : []),
    ];
    return parts.length === 0 ? 'the body as given' : `the body ${parts.join(', ')}`;
  }
}
