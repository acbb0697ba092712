/**
 * A body explain shows as accepted may carry explain's own notification URL (its receiver, which answers only while
 * explain runs, or the one it was configured with) where the user's was absent, misspelt or refused. Shown as the fix,
 * it would be followed, and fail once explain is gone ("... endpoint failed (ECONNREFUSED)"). So each such field is
 * said: that the value is explain's, what became of the user's own (refused, with the target's words), and what the
 * user's URL must do as far as those words tell (answer the validation request; be https).
 */
import { describeAnswer } from './signature.js';
import type { ExplainResult, Probe } from './types.js';
import { caseVariantOf } from './what-is-wrong.js';

/** The bodies the output shows as accepted. */
function shownBodies(r: ExplainResult): Record<string, unknown>[] {
  if (r.fixSets.length > 0) return r.fixSets.map((s) => s.after.body);
  if (r.singles.fixes.length > 0) return r.singles.fixes.map((f) => f.probe.body);
  return r.after === undefined ? [] : [r.after.body];
}

/** The user's value of a field: under its name, or under the property that spells it in another letter case. */
function userValue(r: ExplainResult, field: string): { name: string; value: unknown } | undefined {
  const body = r.original.body;
  if (Object.hasOwn(body, field)) return { name: field, value: body[field] };
  const name = Object.keys(body).find((k) => caseVariantOf(k, [field]) === field);
  return name === undefined ? undefined : { name, value: body[name] };
}

/** The refusal of the user's value of the field, when explain asked it apart from the rest. */
function refusalOf(r: ExplainResult, field: string): Probe | undefined {
  const evidence = r.valueEvidence.find((c) => c.field === field)?.undone;
  if (evidence?.verdict === 'fails') return evidence;
  const replaced = r.singles.fixes.some((f) => f.change.kind === 'replace-value' && f.change.field === field);
  return replaced ? r.original : undefined;
}

/** What the target's words ask of a notification URL. */
function requirements(message: string): string[] {
  // A quoted value is the URL sent (https://... of the user's), not a word of the rule.
  const words = message.replace(/'[^']*'|"[^"]*"/g, ' ');
  return [
    ...(/\bhttps\b/i.test(words) ? ['be an https URL'] : []),
    ...(/validat|handshake/i.test(words)
      ? ['answer the validation request (a POST with a validation token in its query, answered 200 text/plain with the token) in time']
      : []),
  ];
}

export function standInLines(r: ExplainResult): string[] {
  const url = r.receiverUrl;
  if (url === undefined || r.outcome !== 'explained') return [];
  const fields = [...new Set(shownBodies(r).flatMap((b) => Object.keys(b).filter((k) => b[k] === url)))];
  return fields.flatMap((field) => {
    const user = userValue(r, field);
    if (user?.value === url) return [];
    const lines = [
      `Note: ${field} in the body after is explain's own notification URL (${url}), which answers only while explain runs: put your own there.`,
    ];
    const refusal = refusalOf(r, field);
    if (user === undefined) {
      lines.push('  The request had none; explain did not ask any URL of yours.');
    } else if (refusal === undefined) {
      lines.push(
        `  Yours, ${JSON.stringify(user.value)}${user.name === field ? '' : ` (sent as ${user.name})`}, was not asked in its place.`,
      );
    } else {
      const must = requirements(refusal.answer.errorMessage ?? '');
      lines.push(
        `  Yours, ${JSON.stringify(user.value)}, was refused where explain's was accepted: ${describeAnswer(refusal)}`,
        must.length === 0 ? '  Its words say no more of what the URL must do.' : `  Your URL must ${must.join(', and ')}.`,
      );
    }
    return lines;
  });
}
