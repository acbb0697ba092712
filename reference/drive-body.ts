/**
 * Decides whether a create body of the drive's other operations is accepted under its DriveOperationRules: properties
 * the type has, then JSON types, then presence, then values. Pure, like validate-body.ts, and with its verdicts.
 * reference choice: the first problem found is the one answered, as the subscription create does.
 */
import { Rule } from '../lib/rule/rule.js';
import type { DriveOperationRules, JsonValueType } from './profile-types.js';
import { EDM_NAME, jsonTypeOf, type BodyProblem } from './validate-body.js';

export type DriveBodyVerdict = { ok: true } | { ok: false; problem: BodyProblem };

const refused = (reason: BodyProblem['reason'], message: string, property?: string): DriveBodyVerdict => ({
  ok: false,
  problem: property === undefined ? { reason, message } : { reason, property, message },
});

function checkTypes(rules: DriveOperationRules, body: Record<string, unknown>, keys: string[]): DriveBodyVerdict {
  // modelled on public reports (microsoft-graph-docs#8063): the wording of the "does not exist" message
  const stranger = keys.find((k) => !Object.hasOwn(rules.types, k));
  if (stranger !== undefined)
    return refused(
      'undefinedProperty',
      `The property '${stranger}' does not exist on type '${rules.typeName}'. Make sure to only use property names that are defined by the type.`,
      stranger,
    );
  for (const key of keys) {
    const wanted = rules.types[key] as JsonValueType;
    const seen = jsonTypeOf(body[key]);
    if (seen !== wanted) {
      const words = seen === 'null' ? 'null' : seen === 'array' ? 'an array' : `a ${seen}`;
      return refused('wrongType', `The property '${key}' must be ${EDM_NAME[wanted]}, but the request has ${words}.`, key);
    }
  }
  return { ok: true };
}

function checkPresence(rules: DriveOperationRules, body: Record<string, unknown>, keys: string[]): DriveBodyVerdict {
  // A flag named in trueOnly counts only when it is true: false is the same as leaving it out.
  const counted = keys.filter((k) => !(rules.trueOnly ?? []).includes(k) || body[k] === true);
  const first = rules.refusals.find((r) => !Rule.of(r.unless).accepts(counted));
  if (first !== undefined)
    return refused(
      // a refusal unless one field is there is that field missing; any other is the rule
      first.unless.trim() === first.property ? 'missingProperty' : 'ruleNotSatisfied',
      first.message,
      first.property,
    );
  // A rule the refusals do not cover says nothing of which property: the service's generic words.
  if (!Rule.of(rules.accept).accepts(counted)) return refused('ruleNotSatisfied', 'The request is malformed or incorrect.');
  return { ok: true };
}

function checkValues(rules: DriveOperationRules, body: Record<string, unknown>, keys: string[]): DriveBodyVerdict {
  for (const key of keys) {
    const value = body[key];
    const allowed = rules.allowed?.[key];
    if (Array.isArray(value) && value.length === 0)
      return refused('invalidValue', `The property '${key}' must list at least one value.`, key);
    if (allowed === undefined) continue;
    const members = Array.isArray(value) ? value : [value];
    const bad = members.find((m) => typeof m !== 'string' || !allowed.includes(m));
    if (bad !== undefined) {
      const shown = JSON.stringify(bad).slice(0, 80);
      return refused('invalidValue', `The value ${shown} is not valid for '${key}'; allowed: ${allowed.join(', ')}.`, key);
    }
  }
  return { ok: true };
}

export function validateDriveBody(rules: DriveOperationRules, body: Record<string, unknown>): DriveBodyVerdict {
  const keys = Object.keys(body);
  for (const step of [checkTypes, checkPresence, checkValues]) {
    const verdict = step(rules, body, keys);
    if (!verdict.ok) return verdict;
  }
  return { ok: true };
}
