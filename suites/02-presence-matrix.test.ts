/**
 * The presence matrix: every combination of present fields, each body built from
 * good values only so that the outcome speaks of presence alone, each sent REPEATS times; above
 * EXHAUSTIVE_MAX_FIELDS, the adaptive explorer instead (lib/presence/explore.ts).
 * Which fields are required is not shown in the spec (spec §4), so each outcome is INFORMATIONAL;
 * the refusals are judged against spec §7 rule 1 once per kind, after every body was sent
 * (lib/protocol/distinct-refusals.ts). What it learns is
 * the presence evidence every later suite asks (suites/support/shared-presence.ts).
 */
import { afterAll, describe, test } from 'vitest';
import { explorationAskedAgainWords, explorePresence } from '../lib/presence/explore.js';
import { judgeExploration } from '../lib/presence/judge-exploration.js';
import { combinations, formatCombination } from '../lib/rule/field-set.js';
import { judgeCombination, shownExchange } from '../lib/matrix/judge-combination.js';
import { probeCombination } from '../lib/matrix/probe-combination.js';
import { DistinctRefusals } from '../lib/protocol/distinct-refusals.js';
import { probeContext } from './support/context.js';
import { CaseRun, example, finishCase } from './support/case-run.js';
import { startHandshakeCasesEarly } from './support/handshake-cases.js';
import { explorationSettings, matrixObservations, publishEvidence, rememberObservation } from './support/shared-presence.js';
import { confirmLoneRefusal, judgeLoneRefusals, loneRefusals } from '../lib/matrix/lone-refusals.js';
import type { Observation } from '../lib/inference/types.js';
import type { Exchange } from '../lib/http/types.js';
import { firstAsks } from '../lib/config/types.js';
import { askedAgainCap, askWhatFindingsRestOn, judgeSupportAsks, supportFigures } from '../lib/matrix/support-asks.js';
import { combinationKey } from '../lib/rule/field-set.js';

import { caseIds } from '../lib/plan/case-ids.js';
import { settleWhenStopped } from './support/stop.js';

const probe = probeContext();
settleWhenStopped(probe);
const fields = probe.operation.fields.map((f) => f.name);
// Above EXHAUSTIVE_MAX_FIELDS, 2^n bodies are too many: the adaptive explorer asks at most 10 x n.
const adaptive = fields.length > probe.settings.exploration.exhaustiveMaxFields;
const refusals = new DistinctRefusals(fields);
const { repeats } = probe.settings.exploration;
/** Each combination's first answers, for the asks again to fold with. */
const firstExchanges = new Map<string, Exchange[]>();
const rows = adaptive
  ? []
  : combinations(fields).map((present) => [present.length === 0 ? '(none)' : present.join(', '), present] as const);

// What the matrix found is all the events suite's handshake cases need: in a whole run they start now,
// so their waits (a slow receiver: the target's whole validation limit) overlap suites 03 to 05.
afterAll(() => startHandshakeCasesEarly(probe));

// One mode or the other: the mode not taken declares no case, so no case reads as skipped without a reason.
if (adaptive)
  describe('presence exploration (open: spec §4 "Which fields are required: not shown")', () => {
    test(`adaptive exploration of ${fields.length} fields (EXHAUSTIVE_MAX_FIELDS=${probe.settings.exploration.exhaustiveMaxFields})`, {
      meta: { caseId: caseIds.matrixAdaptive },
    }, async (context) => {
      const run = new CaseRun(probe, { askAgain: true });
      const settings = await explorationSettings(probe);
      // REPEATS=auto: each combination once, then asked again where a finding rests on its answer alone, and a sample.
      const seed = probe.settings.exploration.seed ?? Math.floor(Math.random() * 2 ** 31);
      const { evidence, result, observations, explorerNotUsed, askedAgain } = await explorePresence(run.client, probe.operation, {
        repeats: repeats === 'auto' ? 1 : repeats,
        values: probe.values,
        ...settings,
        ...(repeats === 'auto' ? { askAgain: { seed } } : {}),
        onObservation: (observation, exchanges) => refusals.add(formatCombination(observation.present), exchanges),
      });
      publishEvidence(evidence);
      const judged = judgeExploration(result, observations, explorerNotUsed, settings.startNotes, true);
      const asked = askedAgain === undefined ? '' : `; ${explorationAskedAgainWords(askedAgain)}`;
      await finishCase(context, run, {
        id: caseIds.matrixAdaptive,
        kind: 'exploration',
        ...judged,
        // What was asked again is what was seen, not a finding: the finding keeps its rule, roles and dependencies.
        observed: `${judged.observed}${asked}`,
      });
    });
  });

if (!adaptive)
  describe('presence matrix (open: spec §4 "Which fields are required: not shown")', { concurrent: true }, () => {
    for (const [label, present] of rows)
      test(`present: ${label}`, { meta: { caseId: caseIds.matrix(present) } }, async (context) => {
        const run = new CaseRun(probe, { askAgain: true });
        const { observation, exchanges } = await probeCombination(run.client, probe.operation, present, firstAsks(repeats), probe.values);
        rememberObservation(observation);
        firstExchanges.set(combinationKey(present), exchanges);
        refusals.add(formatCombination(present), exchanges);
        const shown = shownExchange(exchanges);
        await finishCase(context, run, {
          id: caseIds.matrix(present),
          kind: 'matrix',
          observation,
          ...(shown !== undefined ? { example: example(shown) } : {}),
          ...judgeCombination(observation, exchanges),
        });
      });
  });

// After every body above was answered once (REPEATS=auto): asked again only where a finding rests on one answer
// alone, and a sample of the rest for the instability estimate (lib/matrix/support-asks.ts). The lone refusals are
// left to the next case, which asks them on its own terms.
if (!adaptive && repeats === 'auto')
  describe('answers of the presence matrix asked again', () => {
    test('answers a finding rests on alone asked again, and a sample', { meta: { caseId: caseIds.matrixAskedAgain } }, async (context) => {
      const run = new CaseRun(probe, { askAgain: true });
      const observations = matrixObservations();
      const lone = new Set(loneRefusals(observations, fields).map((o) => combinationKey(o.present)));
      const first = new Map(
        observations.map((o) => [
          combinationKey(o.present),
          { observation: o, exchanges: firstExchanges.get(combinationKey(o.present)) ?? [] },
        ]),
      );
      const seed = probe.settings.exploration.seed ?? Math.floor(Math.random() * 2 ** 31);
      const ask = (present: readonly string[]) => probeCombination(run.client, probe.operation, [...present], 1, probe.values);
      const cap = askedAgainCap(fields.length);
      const { asked, notAsked, unsent } = await askWhatFindingsRestOn(fields, first, { seed, exclude: lone, cap }, ask, (again) => {
        rememberObservation(again.observation);
        refusals.add(formatCombination(again.observation.present), again.exchanges);
      });
      await finishCase(context, run, {
        id: caseIds.matrixAskedAgain,
        kind: 'confirmation',
        observations: asked.map((a) => a.observation),
        askedAgain: supportFigures(asked, notAsked, unsent),
        ...judgeSupportAsks(asked, notAsked, unsent),
      });
    });
  });

// After every body above was answered: a refusal no other combination shows, next to an accepted combination, may be
// chance (an intermittent backend failure on every repeat); it is asked again before the rule rests on it.
if (!adaptive)
  describe('lone refusals of the presence matrix', () => {
    test('lone refusals asked again (never a rule from chance)', { meta: { caseId: caseIds.matrixLoneRefusals } }, async (context) => {
      const run = new CaseRun(probe, { askAgain: true });
      const settled: Observation[] = [];
      const lines: string[] = [];
      for (const lone of loneRefusals(matrixObservations(), fields)) {
        const ask = () => probeCombination(run.client, probe.operation, lone.present, 1, probe.values);
        const confirmed = await confirmLoneRefusal(lone, ask, fields);
        rememberObservation(confirmed.observation);
        settled.push(confirmed.observation);
        lines.push(`{${lone.present.join(', ')}} ${confirmed.words}`);
      }
      await finishCase(context, run, {
        id: caseIds.matrixLoneRefusals,
        kind: 'confirmation',
        observations: settled,
        ...judgeLoneRefusals(lines),
      });
    });
  });

// After every body above was answered, in either mode: one verdict per kind of refusal, not per body.
describe('refusals of the presence matrix', () => {
  test('refusals of the presence matrix (spec §7 rule 1, once per kind of refusal)', {
    meta: { caseId: caseIds.matrixRefusals },
  }, async (context) => {
    const run = new CaseRun(probe);
    await finishCase(context, run, { id: caseIds.matrixRefusals, kind: 'protocol', ...refusals.judge('body of the presence matrix') });
  });
});
