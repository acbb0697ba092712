import type { CaseEvidenceByKind } from './case-evidence.js';
import type { FieldValues, ReportedLimit, ValueClassResult } from './types.js';

/**
 * The report's `values`: each field's value classes sorted by what the target did with them, and
 * the limits found for it, from the value and limit cases' records alone. Every operation field gets
 * an entry, empty when no value case of it ran (no accepted body carried it, or the suite was filtered).
 */
export function buildValues(
  fields: readonly string[],
  evidence: Pick<CaseEvidenceByKind, 'values' | 'limits'>,
): Record<string, FieldValues> {
  const values: Record<string, FieldValues> = {};
  for (const field of fields) values[field] = { accepted: [], rejected: [], other: [], limits: [] };
  for (const { value: observation, record } of evidence.values) {
    {
      const entry = values[observation.field];
      if (entry === undefined) continue; // a field the operation does not have: the validator would refuse it
      const result: ValueClassResult = {
        id: record.id,
        classId: observation.classId,
        description: observation.description,
        ...(observation.expectation !== undefined ? { expectation: observation.expectation } : {}),
        ...(observation.sent !== undefined ? { sent: observation.sent } : {}),
        base: observation.base,
        outcome: observation.outcome,
        status: observation.status,
        ...(observation.errorCode !== undefined ? { errorCode: observation.errorCode } : {}),
        ...(observation.errorMessage !== undefined ? { errorMessage: observation.errorMessage } : {}),
        ...(observation.asks !== undefined ? { asks: observation.asks } : {}),
        ...(observation.intermittent !== undefined ? { intermittent: observation.intermittent } : {}),
        ...(observation.listed === true ? { listed: true as const } : {}),
        verdict: record.verdict,
        specRef: record.specRef,
      };
      const bucket =
        observation.outcome === 'accepted' ? entry.accepted : observation.outcome === 'rejected' ? entry.rejected : entry.other;
      bucket.push(result);
    }
  }
  for (const { limit, record } of evidence.limits) {
    {
      const entry = values[limit.field];
      if (entry === undefined) continue;
      const reported: ReportedLimit = {
        id: record.id,
        field: limit.field,
        name: limit.name,
        // JSON has no undefined: a limit not pinned has no `value` key.
        ...(limit.value !== undefined ? { value: limit.value } : {}),
        unit: limit.unit,
        ...(limit.firstRejected !== undefined ? { firstRejected: limit.firstRejected } : {}),
        requests: limit.requests,
        ...(limit.note !== undefined ? { note: limit.note } : {}),
        ...(limit.intermittent !== undefined ? { intermittent: limit.intermittent } : {}),
        ...(limit.unfinished === true ? { unfinished: true as const } : {}),
        ...(limit.largestAccepted !== undefined ? { largestAccepted: limit.largestAccepted } : {}),
        ...(limit.statedBy !== undefined ? { statedBy: limit.statedBy } : {}),
        ...(limit.pastLimit !== undefined ? { pastLimit: limit.pastLimit } : {}),
        verdict: record.verdict,
        specRef: record.specRef,
      };
      entry.limits.push(reported);
    }
  }
  return values;
}
