import { Rule } from '../rule/rule.js';
import { ruleOf } from '../rule/rule-value.js';
import { escapePointer, formatAjvError } from '../schema/ajv-error.js';
import { shippedSchemaValidator } from '../schema/shipped-schema.js';
import type { BehaviourReport } from './types.js';

export type ReportValidation = { valid: true; report: BehaviourReport } | { valid: false; errors: string[] };

const validator = shippedSchemaValidator('behaviour-report');

/**
 * Checks a value against behaviour-report.schema.json, then checks that every field name
 * the report mentions is one of `operation.fields`, and that a rule taken from the explorer agrees
 * with every answer in the matrix (the schema cannot say either).
 * Errors read `/matrix/3/outcome: must be one of accepted, rejected, unstable, error`.
 */
export function validateBehaviourReport(value: unknown): ReportValidation {
  const validate = validator();
  if (!validate(value)) {
    return { valid: false, errors: dedupe((validate.errors ?? []).map(formatAjvError)) };
  }
  const report = value as BehaviourReport;
  const errors = [...unknownFieldNames(report), ...explorerRuleAgainstAnswers(report), ...namingAgainstMatrix(report)];
  return errors.length === 0 ? { valid: true, report } : { valid: false, errors };
}

/** The naming counts are of the matrix's refused combinations: never more read than refused, nor another total. */
function namingAgainstMatrix(report: BehaviourReport): string[] {
  const naming = report.naming;
  if (naming === undefined) return [];
  const errors: string[] = [];
  const refused = report.matrix.filter((e) => e.outcome === 'rejected').length;
  if (naming.refusals !== refused)
    errors.push(`/naming/refusals: ${naming.refusals}, but the matrix has ${refused} refused combination(s)`);
  if (naming.withMessage > naming.refusals) errors.push('/naming/withMessage: more than /naming/refusals');
  if (naming.withFields > naming.refusals) errors.push('/naming/withFields: more than /naming/refusals');
  return errors;
}

function unknownFieldNames(report: BehaviourReport): string[] {
  const known = new Set(report.operation.fields);
  const errors: string[] = [];
  const check = (path: string, names: readonly string[]): void => {
    names.forEach((name, i) => {
      if (!known.has(name)) errors.push(`${path}/${i}: "${name}" is not one of operation.fields`);
    });
  };
  for (const [name, role] of Object.entries(report.fields)) {
    if (!known.has(name)) errors.push(`/fields/${escapePointer(name)}: is not one of operation.fields`);
    role.hangsOn?.forEach((combo, i) => check(`/fields/${escapePointer(name)}/hangsOn/${i}`, combo));
  }
  report.matrix.forEach((entry, i) => check(`/matrix/${i}/present`, entry.present));
  report.rule.unknown.forEach((combo, i) => check(`/rule/unknown/${i}`, combo));
  report.rule.dependencyDetails.forEach((dep, i) => check(`/rule/dependencyDetails/${i}/fields`, dep.fields));
  report.rejectionGroups.forEach((group, g) => {
    group.combinations.forEach((combo, i) => check(`/rejectionGroups/${g}/combinations/${i}`, combo));
    group.unknownMatching?.forEach((combo, i) => check(`/rejectionGroups/${g}/unknownMatching/${i}`, combo));
  });
  for (const [name, values] of Object.entries(report.values)) {
    const at = `/values/${escapePointer(name)}`;
    if (!known.has(name)) errors.push(`${at}: is not one of operation.fields`);
    for (const bucket of ['accepted', 'rejected', 'other'] as const) {
      values[bucket].forEach((result, i) => check(`${at}/${bucket}/${i}/base`, result.base));
    }
    values.limits.forEach((limit, i) => {
      if (limit.field !== name) errors.push(`${at}/limits/${i}/field: "${limit.field}" is not the field it is listed under`);
    });
  }
  report.drift?.changes.forEach((change, i) => {
    if (change.field !== undefined && !known.has(change.field))
      errors.push(`/drift/changes/${i}/field: "${change.field}" is not one of operation.fields`);
    if (change.present !== undefined) check(`/drift/changes/${i}/present`, change.present);
  });
  return errors;
}

/**
 * A rule stated on the explorer's basis must still agree with every answer the matrix holds (the
 * builder checks it before taking the rule; this catches a report edited or built otherwise).
 */
function explorerRuleAgainstAnswers(report: BehaviourReport): string[] {
  if (report.rule.basis !== 'explorer') return [];
  // A report the run built carries its rule's value; one being read back from a file is checked before it gets one.
  const rule = ruleOf(report.rule) ?? Rule.tryOf(report.rule.expression);
  if (rule === undefined) return ['/rule/expression: a rule with basis explorer must be readable as an expression'];
  const index = report.matrix.findIndex(
    (m) => (m.outcome === 'accepted' || m.outcome === 'rejected') && rule.accepts(m.present) !== (m.outcome === 'accepted'),
  );
  return index < 0 ? [] : [`/matrix/${index}: ${report.matrix[index]?.outcome ?? ''}, but the rule with basis explorer says otherwise`];
}

function dedupe(items: string[]): string[] {
  return [...new Set(items)];
}
