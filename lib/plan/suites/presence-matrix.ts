/** 02-presence-matrix: every combination of fields (or the explorer's), what is asked again, and the refusals read. */
import { firstAsks, type Settings } from '../../config/types.js';
import { LONE_ASKS } from '../../matrix/lone-refusals.js';
import { askedAgainBound } from '../../matrix/support-asks.js';
import { combinations } from '../../rule/field-set.js';
import { caseIds } from '../case-ids.js';
import { always, one, search, type PlannedCase, type SuiteDescriptor } from './descriptor.js';

/** The presence evidence at most: every combination (or the explorer's share) asked `repeats` times, each undone. */
export function presenceBound(settings: Settings, repeats: number): { requests: number; creates: number } {
  const n = settings.target.operation.fields.length;
  const { exhaustiveMaxFields, exploreCombinationsPerField } = settings.exploration;
  const asked = n <= exhaustiveMaxFields ? 2 ** n : exploreCombinationsPerField * n;
  return { requests: asked * repeats * 2, creates: asked * repeats };
}

/** Lone refusals the plan counts on: chance rarely makes more than one or two in a run. */
const LONE_PLANNED = 2;

function presenceMatrix(settings: Settings): PlannedCase[] {
  const fields = settings.target.operation.fields.map((f) => f.name);
  const { repeats, exhaustiveMaxFields } = settings.exploration;
  const asks = firstAsks(repeats);
  const each = { requests: asks * 2, creates: asks };
  const adaptive = fields.length > exhaustiveMaxFields;
  // Under auto the explorer asks each combination once and at most once again; an answer that changed has it explore
  // again twice over (lib/presence/explore.ts): four asks per combination at most.
  const rows = adaptive
    ? [one(caseIds.matrixAdaptive, presenceBound(settings, repeats === 'auto' ? 4 : repeats))]
    : combinations(fields).map((present) => one(caseIds.matrix(present), each));
  // Under auto, the answers asked again (lib/matrix/support-asks.ts): at most half the matrix, each a create and its
  // delete, spent only where a finding rests on one answer.
  const again = adaptive || repeats !== 'auto' ? [] : [search(caseIds.matrixAskedAgain, askedAgainBound(fields.length))];
  // Lone refusals are asked again (lib/matrix/lone-refusals.ts): at most one per accepted combination's neighbour, a
  // few are counted here; each ask is a create and its delete, spent only where a refusal may be chance.
  const lone =
    fields.length > exhaustiveMaxFields
      ? []
      : [search(caseIds.matrixLoneRefusals, { requests: LONE_PLANNED * LONE_ASKS * 2, creates: LONE_PLANNED * LONE_ASKS })];
  return [...rows, ...again, ...lone, one(caseIds.matrixRefusals, { requests: 0, creates: 0 })];
}

export const presenceMatrixSuite: SuiteDescriptor = {
  id: '02-presence-matrix',
  appliesTo: always,
  cases: (settings) => presenceMatrix(settings),
};
