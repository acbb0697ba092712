/**
 * The adaptive strategy: find an accepted start (start.ts); learn what each field does alone and
 * what the fields accepted alone do together (discover.ts); try changes of several fields that
 * each looked required or forbidden (escapes.ts); settle on the rule of the supported class that
 * explains every rejection with the fewest IDL statements (fit-rule.ts), asking what splits the
 * candidates and shows the rule's own pattern (settle.ts); then confirm it on sampled combinations
 * (confirm.ts). Every request goes through one budgeted session, so the cap is never exceeded.
 */
import { count, list } from '../inference/words.js';
import { describeAgreement } from './agreement.js';
import { confirm } from './confirm.js';
import { discover } from './discover.js';
import { RuleFitter } from './fit-rule.js';
import { describeObservations } from './from-observations.js';
import { FIRST_TIERS, LATER_TIERS, lookalikeAssumption, searchEscapes, type EscapeSearch } from './escapes.js';
import { seededRng, type Rng } from './rng.js';
import { describeModel, type ModelDescription } from './rule-model.js';
import { ProbeSession } from './session.js';
import { Settler } from './settle.js';
import { findStart, type KnownMask, type StartFound } from './start.js';
import { presentOf } from '../rule/field-set.js';
import type { ExploreResult, FirstAccepted, Oracle } from './types.js';

export interface AdaptiveSettings {
  maxRequests: number;
  seed: number;
  /** Bodies believed accepted, as masks, likeliest first. */
  starts: readonly KnownMask[];
  confirmSamples: number;
  /** The supported class: at most this many IDL statements, groups of at most `maxGroup` fields. */
  maxStatements: number;
  maxGroup: number;
}

/** Requests the first escape checks leave for settling on a rule (splitting, pattern checks). */
function settleReserve(n: number): number {
  return Math.min(24, n);
}

/** What the explorer says at the end, over every request the session sent. */
interface Said {
  unresolved: string[];
  assumptions: string[];
  firstAccepted?: FirstAccepted;
}

function adaptiveResult(session: ProbeSession, description: ModelDescription, said: Said): ExploreResult {
  return {
    strategy: 'adaptive',
    rule: description.expression,
    ruleExpr: description.expr,
    roles: description.roles ?? {},
    dependencies: description.dependencies,
    requests: session.requests,
    confirmed: session.usableCount(),
    possible: 2 ** session.fields.length,
    exact: said.unresolved.length === 0,
    unresolved: said.unresolved,
    assumptions: said.assumptions,
    ...(said.firstAccepted === undefined ? {} : { firstAccepted: said.firstAccepted }),
    observations: session.observations(),
  };
}

/**
 * From an accepted start: what each field does (discover), the escapes, the rule settled on and its confirmation.
 * Returns the settlement, the escapes' outcomes, and the sensitive fields with a usable answer.
 */
async function settleFrom(session: ProbeSession, base: number, settings: AdaptiveSettings, unresolved: string[], rng: Rng) {
  const confirmReserve = Math.min(settings.confirmSamples, Math.floor(settings.maxRequests / 4));
  const learnt = await discover(session, base, unresolved);
  const answered = learnt.sensitive & ~learnt.unknownSingles;
  const settler = new Settler(
    session,
    base,
    new RuleFitter(base, learnt.sensitive, settings.maxStatements, settings.maxGroup),
    learnt.involved,
  );
  const search: EscapeSearch = { session, base, sensitive: answered, pools: learnt.pools, rng };
  const involve = (f: number): void => settler.involve(f);

  const outcomes = await searchEscapes(search, FIRST_TIERS, confirmReserve + settleReserve(session.fields.length), involve);
  let settlement = await settler.settle(confirmReserve);
  if (settlement.kind !== 'unexplained') {
    outcomes.push(...(await searchEscapes(search, LATER_TIERS, confirmReserve, involve)));
    settlement = await settler.settle(confirmReserve);
  }
  const confirmation = await confirm(session, settler, settlement, base, settings.confirmSamples, rng);
  if (confirmation.revised) {
    unresolved.push(
      'a sampled combination contradicted the rule the checks had settled on; the rule was revised to fit every answer, but the contradiction shows behaviour beyond what the checks cover (perhaps outside the supported class)',
    );
  }
  return { settlement: confirmation.settlement, outcomes, answered };
}

export async function exploreAdaptive(fields: readonly string[], oracle: Oracle, settings: AdaptiveSettings): Promise<ExploreResult> {
  const n = fields.length;
  const session = new ProbeSession(fields, oracle, settings.maxRequests);
  const rng = seededRng(settings.seed);
  const said: Said = { unresolved: [], assumptions: [] };
  const { unresolved } = said;

  // The search for a start may spend all but what learning each field's role alone needs.
  const found = await findStart(session, settings.starts, { search: Math.max(0, settings.maxRequests - n), rng });
  if (found === undefined) {
    const known = settings.starts.length === 0 ? '' : `${list(settings.starts.map((s) => s.source))} and one or two changes away, `;
    unresolved.push(
      `no accepted combination was found in ${count(session.requests, 'request')} (${known}every field, none, one change away from those, then larger jumps and samples): pass startFrom, a body known to be accepted`,
    );
    return adaptiveResult(session, describeObservations(session), said);
  }
  said.firstAccepted = firstAcceptedOf(fields, found, session.requests);
  const { settlement, outcomes, answered } = await settleFrom(session, found.mask, settings, unresolved, rng);

  if (settlement.kind === 'unexplained') {
    unresolved.push(
      `the answers fit no rule of the supported class (required, forbidden and optional fields plus at most ${settings.maxStatements} IDL dependencies of up to ${settings.maxGroup} fields): ${settlement.reason}${settlement.core.length === 0 ? '' : ` (${list(settlement.core.map((i) => fields[i] as string))})`}; the rule only repeats what was seen`,
    );
    return adaptiveResult(session, describeObservations(session), said);
  }
  const { hypothesis } = settlement;
  if (settlement.kind === 'ambiguous') {
    unresolved.push(
      `${settlement.rules} rules of the supported class fit every answer and differ on combinations of ${list(hypothesis.core.map((i) => fields[i] as string))} not sent (the budget ran out); the first is reported`,
    );
  }
  const lookalikes = lookalikeAssumption(fields, hypothesis.lookalikes & answered, outcomes);
  if (lookalikes !== undefined) said.assumptions.push(lookalikes);
  // Roles and dependencies only where every rule that fits agrees (agreement.ts).
  const description =
    settlement.kind === 'ambiguous' ? describeAgreement(fields, settlement.alternatives) : describeModel(fields, hypothesis.model);
  return adaptiveResult(session, description, said);
}

function firstAcceptedOf(fields: readonly string[], found: StartFound, requests: number): FirstAccepted {
  const from = found.fromMask ?? found.mask;
  return {
    from: found.from,
    removed: presentOf(fields, from & ~found.mask),
    added: presentOf(fields, found.mask & ~from),
    requests,
    present: presentOf(fields, found.mask),
  };
}
