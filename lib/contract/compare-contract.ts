/**
 * Holds a contract (an OpenAPI operation: its request body schema and responses) up to what the
 * target did with every body the probe tried: each combination, value class and limit side is
 * built again, judged by the contract's schema, and compared with the target's answer. Each
 * disagreement reads `subject: contract says X, target did Y`. Bodies without a usable answer
 * (unstable, no verdict) or that cannot be built again are counted as not compared, never guessed.
 */
import type { OperationSpec } from '../operation/types.js';
import type { BehaviourReport } from '../report/types.js';
import { contractAjv } from './contract-ajv.js';
import { bodyOf, triedBodies, valueContexts, type TargetAnswer, type TriedBody } from './tried-bodies.js';
import type { ContractComparison, ContractDisagreement } from '../report/types.js';
import type { ContractOperation } from './types.js';

/**
 * How an observed contract marks, in a field's `x-observed.unknown`, a refusal it states no reason for
 * (a value of the spec's form, or one that depends on the run): `<subject><mark>`. A comparison does not
 * hold the target to such a body, since the contract itself says it does not speak for it.
 */
export const UNEXPLAINED_MARK = ": rejected for a reason no keyword states (a value of the spec's form, or one that depends on the run)";

/** The subjects a contract's fields mark as refused for no stated reason. */
function markedUnexplained(requestSchema: unknown): Set<string> {
  const marked = new Set<string>();
  const properties = (requestSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  for (const property of Object.values(properties)) {
    const unknown = (property as { 'x-observed'?: { unknown?: unknown } } | undefined)?.['x-observed']?.unknown;
    if (!Array.isArray(unknown)) continue;
    for (const entry of unknown)
      if (typeof entry === 'string' && entry.endsWith(UNEXPLAINED_MARK)) marked.add(entry.slice(0, -UNEXPLAINED_MARK.length));
  }
  return marked;
}

export function compareWithContract(
  report: BehaviourReport,
  operation: OperationSpec,
  contract: ContractOperation,
  /** `unexplained`: subjects not to compare; by default those the contract marks (UNEXPLAINED_MARK). */
  options: { shownAs: string; now?: Date; wholeBodyOnly?: boolean; unexplained?: ReadonlySet<string> },
): ContractComparison {
  const now = options.now ?? new Date();
  const [ctx] = valueContexts(now);
  const ajv = contractAjv(ctx.now);
  const validate = ajv.compile(contract.requestSchema as object);
  const compared = { combinations: 0, valueClasses: 0, limits: 0 };
  const notCompared = { noVerdict: 0, notBuildable: 0, unexplained: 0 };
  const unexplainedSubjects = options.unexplained ?? markedUnexplained(contract.requestSchema);
  const disagreements: ContractDisagreement[] = [];

  for (const tried of triedBodies(report, operation)) {
    if (tried.target.outcome === 'unknown') {
      notCompared.noVerdict += 1;
      continue;
    }
    if (unexplainedSubjects.has(tried.subject)) {
      notCompared.unexplained += 1;
      continue;
    }
    const body = bodyOf(operation, tried, ctx);
    if (body === undefined) {
      notCompared.notBuildable += 1;
      continue;
    }
    compared[tried.kind === 'combination' ? 'combinations' : tried.kind === 'value' ? 'valueClasses' : 'limits'] += 1;
    let valid = validate(body) as boolean;
    let why = valid ? undefined : firstError(validate.errors);
    const targetAccepted = tried.target.outcome === 'accepted';
    // A value in a body the contract refuses for another field's sake: that is the combination's
    // disagreement (reported on its own line); here the contract's word on the value itself counts.
    if (!valid && !options.wholeBodyOnly && tried.field !== undefined && why?.path !== undefined && why.path !== tried.field) {
      const fieldSchema = propertySchema(contract.requestSchema, tried.field);
      if (fieldSchema !== undefined) {
        const validateField = ajv.compile(fieldSchema);
        valid = validateField(body[tried.field]) as boolean;
        why = valid ? undefined : firstError(validateField.errors, tried.field);
      }
    }
    if (valid !== targetAccepted) {
      disagreements.push(
        line(tried, valid ? 'accepted' : `rejected${why === undefined ? '' : ` (${why.text})`}`, answerText(tried.target)),
      );
      continue;
    }
    const status = statusDisagreement(contract.responses, tried.target);
    if (status !== undefined) disagreements.push(line(tried, status, answerText(tried.target)));
  }
  const { unexplained, ...always } = notCompared;
  return { contract: options.shownAs, compared, notCompared: unexplained > 0 ? notCompared : always, disagreements };
}

function line(tried: TriedBody, contract: string, target: string): ContractDisagreement {
  return {
    kind: tried.kind,
    subject: tried.subject,
    evidence: tried.evidence,
    contract,
    target,
    message: `${tried.subject}: contract says ${contract}, target did ${target}`,
  };
}

function answerText(answer: TargetAnswer): string {
  if (answer.status === null) return answer.outcome === 'accepted' ? 'accept' : 'reject';
  return `${answer.status}${answer.errorCode !== undefined ? ` ${answer.errorCode}` : ''}`;
}

/** The first reason ajv gives, and the top-level field it is about (undefined for the body as a whole). */
function firstError(
  errors: readonly { instancePath: string; message?: string }[] | null | undefined,
  field?: string,
): { text: string; path?: string } | undefined {
  const first = errors?.[0];
  if (first === undefined) return undefined;
  const pointer = field !== undefined ? `/${field}${first.instancePath}` : first.instancePath;
  const top = pointer.split('/')[1];
  // A `false` property schema is how a contract forbids a field: say so in words.
  const message = first.message === 'boolean schema is false' ? 'must be absent' : (first.message ?? 'is invalid');
  return {
    text: `${pointer === '' ? 'body' : pointer.slice(1)} ${message}`,
    ...(top !== undefined ? { path: top.replace(/~1/g, '/').replace(/~0/g, '~') } : {}),
  };
}

/** The contract's schema for one top-level field, when it has one (object or boolean). */
function propertySchema(schema: unknown, field: string): object | boolean | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties !== 'object' || properties === null || !Object.hasOwn(properties, field)) return undefined;
  const own = (properties as Record<string, unknown>)[field];
  return typeof own === 'object' && own !== null ? own : typeof own === 'boolean' ? own : undefined;
}

const matches = (key: string, status: number): boolean =>
  key === String(status) || (/^[1-5]XX$/i.test(key) && key[0] === String(status)[0]);

/** The status (and, for a rejection, the error code) the contract documents, where it documents one. */
function statusDisagreement(responses: ContractOperation['responses'], answer: TargetAnswer): string | undefined {
  if (answer.status === null) return undefined;
  const success = answer.outcome === 'accepted';
  const keys = Object.keys(responses).filter((k) => k !== 'default' && k.startsWith('2') === success);
  if (keys.length === 0 || Object.hasOwn(responses, 'default')) return undefined;
  const key = keys.find((k) => matches(k, answer.status as number));
  if (key === undefined) return keys.sort().join(' or ');
  if (success || answer.errorCode === undefined) return undefined;
  const codes = responses[key]?.errorCodes;
  if (codes === undefined || codes.includes(answer.errorCode)) return undefined;
  return `${key} ${codes.join(' or ')}`;
}
