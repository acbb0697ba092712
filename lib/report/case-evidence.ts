/**
 * The one switch on a case record's kind (lib/case-record.ts): each kind's evidence sorted out for the report's
 * builder. A new kind of case is one more branch here; the compiler names this switch when one is missing.
 */
import type { CaseRecord, ExplorationRecord, LimitFinding, ValueObservation } from '../case-record.js';
import type { Observation } from '../inference/types.js';
import type { LifecyclePart } from '../lifecycle/types.js';
import { combinationKey } from '../rule/field-set.js';

type RecordOf<K extends CaseRecord['kind']> = Extract<CaseRecord, { kind: K }>;

export interface CaseEvidenceByKind {
  /** Every combination answered: one per exhaustive matrix case, every one an exploration asked. */
  observations: { observation: Observation; record: CaseRecord }[];
  /** The adaptive exploration, when the matrix explored rather than asked every combination. */
  exploration?: ExplorationRecord;
  values: { value: ValueObservation; record: RecordOf<'value'> }[];
  limits: { limit: LimitFinding; record: RecordOf<'limit'> }[];
  /** The lifecycle cases' parts, in case order. */
  lifecycle: LifecyclePart[];
  /** The property suite's seed (one per run). */
  seed?: number;
}

export function evidenceByKind(records: readonly CaseRecord[]): CaseEvidenceByKind {
  const evidence: CaseEvidenceByKind = { observations: [], values: [], limits: [], lifecycle: [] };
  const settled = new Map<string, Observation>();
  for (const record of records) {
    switch (record.kind) {
      case 'matrix':
        evidence.observations.push({ observation: record.observation, record });
        break;
      case 'confirmation':
        for (const o of record.observations) settled.set(combinationKey(o.present), o);
        break;
      case 'exploration':
        evidence.exploration ??= record.exploration;
        for (const observation of record.exploration.observations) evidence.observations.push({ observation, record });
        break;
      case 'value':
        evidence.values.push({ value: record.value, record });
        break;
      case 'limit':
        evidence.limits.push({ limit: record.limit, record });
        break;
      case 'lifecycle':
        evidence.lifecycle.push(record.lifecycle);
        break;
      case 'property':
        evidence.seed ??= record.seed;
        break;
      case 'observation':
      case 'protocol':
      case 'events':
        break;
      default:
        return unknownKind(record);
    }
  }
  // A lone refusal asked again stands as it settled, in place of its matrix case's first answers.
  for (const entry of evidence.observations)
    entry.observation = settled.get(combinationKey(entry.observation.present)) ?? entry.observation;
  return evidence;
}

/** A record of a kind this build does not know (a blob of a newer tool): named, never silently dropped. */
function unknownKind(record: never): never {
  throw new TypeError(`a case record of an unknown kind: ${JSON.stringify((record as { kind?: unknown }).kind)}`);
}
