/**
 * The verdict of one limit case. Limits are not shown in the spec (spec §8), so what the search found
 * is INFORMATIONAL; a server error on the way DEVIATES, as in every suite (lib/protocol/server-error.ts);
 * the refusals it met are judged once per kind in the value suite's refusals case; and a search that lost an
 * answer otherwise is an ERROR: it found nothing wrong with the target, it could not finish.
 */
import { checkRefusalRule, ruleWords } from '../protocol/error-rule.js';
import { SERVER_ERROR_EXPECTED, SERVER_ERROR_REF, serverErrorOf, serverErrorWords } from '../protocol/server-error.js';
import { VALUE_REFUSALS_CASE } from './value-verdict.js';
import type { Exchange } from '../http/types.js';
import type { LimitSearch } from '../operation/types.js';
import type { Verdict } from '../outcome.js';
import { amount } from './amount.js';
import type { LimitResult } from './find-limit.js';
import type { CandidateSource } from './limit-result.js';
import type { LimitFinding } from './limit-finding.js';
import { intermittentWords } from './intermittent-words.js';

export interface LimitJudgement {
  verdict: Verdict;
  specRef: string;
  finding: string;
  expected?: string;
  observed: string;
  limit: LimitFinding;
}

/** Where a limit checked first came from, as its sentences say it. */
const CANDIDATE_WORDS: Record<CandidateSource, string> = {
  stated: "the target's refusal states",
  documented: 'the description documents',
  recorded: 'the baseline recorded',
};
const STATED_BY: Record<CandidateSource, NonNullable<LimitFinding['statedBy']>> = {
  stated: 'refusal',
  documented: 'description',
  recorded: 'baseline',
};

type SearchFacts = Pick<LimitSearch, 'field' | 'name' | 'unit' | 'specRef' | 'low' | 'high'>;

function words(search: SearchFacts, result: LimitResult): string {
  const { field, name, unit } = search;
  const a = result.largestAccepted;
  const r = result.smallestRejected;
  switch (result.end) {
    case 'exact':
      return `${field}: ${name} is ${amount(a ?? 0, unit)}; ${r} rejected${
        result.candidate === undefined ? '' : ` (the number ${CANDIDATE_WORDS[result.candidate.from]}, checked at its edges)`
      }`;
    case 'high-accepted':
      return `${field}: accepted up to the largest value tried, ${amount(search.high, unit)}; no limit found below it`;
    case 'low-rejected':
      return `${field}: ${name} not pinned: the smallest value tried, ${amount(search.low, unit)}, was rejected`;
    case 'max-steps':
      return a !== undefined && r !== undefined
        ? `${field}: ${name} between ${a} and ${r - 1} ${unit}; the search ran out of requests`
        : `${field}: ${name} not pinned: the search ran out of requests`;
    case 'no-answer':
      return `${field}: ${name} not found: ${result.note ?? 'an answer was missing'}`;
    case 'undetermined':
      return `${field}: ${name} undetermined: ${result.note ?? 'the answers contradict each other'}`;
  }
}

/** Ends that stop a search before its edges met: what it saw is no limit of the target's. */
const UNFINISHED = new Set<LimitResult['end']>(['max-steps', 'no-answer', 'undetermined']);

/** The one finding of a limit every output reads (the report, the contract, the baseline, the summaries). */
function findingOf(search: SearchFacts, result: LimitResult, requests: number, pastLimit: string | undefined): LimitFinding {
  const pinned = result.end === 'exact' || result.end === 'high-accepted';
  const unfinished = UNFINISHED.has(result.end);
  const stated = result.candidate?.from;
  return {
    field: search.field,
    name: search.name,
    value: pinned ? result.largestAccepted : undefined,
    unit: search.unit,
    // A contradiction leaves no edge: the values it asked are in `observed`.
    firstRejected: result.end === 'undetermined' ? undefined : result.smallestRejected,
    requests,
    ...(result.note !== undefined ? { note: result.note } : {}),
    ...(result.intermittent !== undefined ? { intermittent: result.intermittent } : {}),
    ...(unfinished ? { unfinished: true as const } : {}),
    ...(unfinished && result.largestAccepted !== undefined ? { largestAccepted: result.largestAccepted } : {}),
    ...(stated !== undefined ? { statedBy: STATED_BY[stated] } : {}),
    ...(result.end === 'exact' && pastLimit !== undefined ? { pastLimit } : {}),
  };
}

/** `pastLimit`: the refusal of the first value past the limit, in words (lib/values/ask-value.ts `shown`). */
export function judgeLimit(search: SearchFacts, result: LimitResult, exchanges: readonly Exchange[], pastLimit?: string): LimitJudgement {
  const requests = exchanges.reduce((sum, e) => sum + e.attempts, 0);
  const limit = findingOf(search, result, requests, pastLimit);
  const observed = `${result.steps.map((s) => `${s.x}: ${s.answer}`).join(', ')} (${result.probes} probes, ${requests} requests)`;
  const finding = `${words(search, result)} (${result.probes} probes, ${requests} requests)${intermittentWords(result.intermittent)}`;
  const broken = exchanges.flatMap((e) => {
    const rule = e.method === 'POST' ? checkRefusalRule(e) : undefined;
    return rule !== undefined && !rule.holds ? [rule.problems.join('; ')] : [];
  });
  const failed = exchanges.map((e) => serverErrorOf(e)).find((e) => e !== undefined);
  if (failed !== undefined) {
    return {
      verdict: 'DEVIATES',
      specRef: `${search.specRef}; ${SERVER_ERROR_REF}`,
      finding: `${finding}; a request of the search ${serverErrorWords(failed)}`,
      expected: SERVER_ERROR_EXPECTED,
      observed,
      limit,
    };
  }
  const noVerdict = result.end === 'no-answer' ? 'ERROR' : 'INFORMATIONAL';
  if (broken.length > 0) {
    const words = ruleWords();
    return {
      verdict: noVerdict,
      specRef: `${search.specRef}; ${words.cite}`,
      finding: `${finding}; ${broken.length} of its refusals break ${words.cite} (judged once per kind of refusal in ${VALUE_REFUSALS_CASE}): ${broken[0]}`,
      expected: words.expected,
      observed,
      limit,
    };
  }
  return { verdict: noVerdict, specRef: search.specRef, finding, observed, limit };
}
