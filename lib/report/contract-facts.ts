/** What the Markdown and HTML reports show of the observed contract and of a contract comparison. */
import type { ReportContract } from './types.js';

/** The request body schema as shown in a report: `x-observed` left out (the file holds it). */
export function shownSchema(schema: unknown): string {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'x-observed')
        .map(([k, v]) => [k, strip(v)]),
    );
  };
  return JSON.stringify(strip(schema), null, 2);
}

export function observedSentence(observed: NonNullable<ReportContract['observed']>): string {
  if (observed.problem !== undefined) return `The observed contract has a problem: ${observed.problem}.`;
  const n = observed.roundTripDisagreements;
  return n === 0
    ? 'OpenAPI 3.1. Its request body schema accepts exactly the bodies the target accepted among those tried (round trip: 0 disagreements).'
    : `OpenAPI 3.1. Its request body schema judges ${n} of the bodies tried otherwise than the target did (listed in the file under x-observed.roundTrip).`;
}

export function comparisonSentence(comparison: NonNullable<ReportContract['comparison']>): string {
  const n = comparison.disagreements.length;
  const { combinations, valueClasses, limits } = comparison.compared;
  const skipped = comparison.notCompared.noVerdict + comparison.notCompared.notBuildable;
  return `${n === 0 ? 'The target does what the contract says' : `${n} disagreement${n === 1 ? '' : 's'}: the run fails`} (compared ${combinations} combinations, ${valueClasses} value classes, ${limits} limit sides${skipped > 0 ? `; ${skipped} not compared: no verdict from the target or not buildable again` : ''}).`;
}
