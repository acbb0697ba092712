/** What a behaviour inferred from traffic says on the console: where it came from, what it found, what it could not tell. */
import type { TrafficInference } from './infer-traffic.js';
import type { ShownValue, TrafficValues } from './traffic-values.js';

/** Most unknown combinations named. */
const LISTED = 5;

const combination = (present: readonly string[]): string => (present.length === 0 ? '{}' : `{${present.join(', ')}}`);

/** What the traffic leaves open: the combinations no usable answer was recorded for, and why. */
function notConcluded(result: TrafficInference): string[] {
  const { inference } = result;
  const lines: string[] = [];
  const unstable = result.observations.filter((o) => o.outcome === 'unstable');
  const failed = result.observations.filter((o) => o.outcome === 'error');
  const open = result.possible - result.answered;
  if (open === 0) {
    lines.push('not concluded: nothing; every combination of fields has an answer');
  } else {
    const named = inference.rule.unknown.slice(0, LISTED).map(combination).join(', ');
    lines.push(
      `not concluded: ${open} of ${result.possible} combinations have no usable answer${named === '' ? '' : `, e.g. ${named}`}; the rule treats them as either`,
    );
    if (unstable.length > 0)
      lines.push(
        `not concluded: ${unstable.length} combination(s) were answered differently when repeated (unstable, not evidence): ${unstable
          .slice(0, LISTED)
          .map((o) => combination(o.present))
          .join(', ')}`,
      );
    if (failed.length > 0)
      lines.push(
        `not concluded: ${failed.length} combination(s) got no verdict (no answer, a 5xx or a redirect): ${failed
          .slice(0, LISTED)
          .map((o) => combination(o.present))
          .join(', ')}`,
      );
    const undetermined = Object.entries(inference.roles ?? {})
      .filter(([, r]) => r.presence === 'undetermined')
      .map(([f]) => f);
    if (undetermined.length > 0)
      lines.push(`not concluded: the role of ${undetermined.join(', ')}; sending the combinations above would settle it`);
  }
  return lines;
}

export function describeTraffic(result: TrafficInference, label: string, operation: { method: string; path: string }): string[] {
  const { source, inference } = result;
  const which = source.selection === 'matrix-cases' ? "this tool's presence-matrix cases" : 'every request to the operation';
  const span = source.from === undefined ? '' : `, from ${source.from} to ${source.to ?? source.from}`;
  const lines = [
    `traffic: ${label}: inferred from recorded traffic, nothing sent: ${source.used} of its ${source.entries} entries used (${operation.method} ${operation.path}, ${which})${span}`,
  ];
  for (const s of source.skipped) lines.push(`traffic: left out ${s.count} request(s) ${s.reason}`);
  if (source.unknownFields.length > 0) {
    lines.push(
      `traffic: fields the operation description does not know: ${source.unknownFields.map((f) => `${f.name} (${f.count} request(s))`).join(', ')}`,
    );
  }
  lines.push(`rule: ${inference.rule.expression} (exact on ${result.answered} of ${result.possible} combinations answered)`);
  if (inference.roles !== undefined) {
    const width = Math.max(...inference.fields.map((f) => f.length));
    for (const field of inference.fields) lines.push(`  ${field.padEnd(width)}  ${inference.roles[field]?.presence ?? 'undetermined'}`);
  } else if (inference.diagnosis !== undefined) {
    lines.push(`roles: none: ${inference.diagnosis.message}`);
  }
  for (const d of inference.rule.dependencies) lines.push(`dependency: ${d.text}`);
  for (const g of inference.rejectionGroups) lines.push(`rejected: ${g.summary}`);
  const bodies = result.errorBodies;
  if (bodies.checked > 0) {
    const first = bodies.invalid[0];
    const why = first === undefined ? '' : `; e.g. the ${first.status} at ${first.startedAt || '(no time)'}: ${first.problem}`;
    lines.push(`error bodies: ${bodies.valid} of ${bodies.checked} 4xx answers are the spec's §7 error object${why}`);
  }
  lines.push(...notConcluded(result));
  for (const note of inference.rule.notes ?? []) lines.push(`note: ${note}`);
  return [...lines, ...describeValues(result.values)];
}

/** Refused values printed per field at most (traffic-report.json lists more), and characters of a message pattern. */
const LISTED_REFUSED = 5;
const PATTERN_PRINTED = 100;

const cut = (text: string): string => (text.length <= PATTERN_PRINTED ? text : `${text.slice(0, PATTERN_PRINTED)}…`);

const shown = (v: ShownValue): string =>
  v.value ?? `(not shown: looks like a secret; ${v.type === 'string' ? `a string of ${v.length ?? 0} characters` : `a JSON ${v.type}`})`;

const lengths = (span: { shortest: number; longest: number }): string =>
  span.shortest === span.longest ? `${span.shortest} characters` : `${span.shortest} to ${span.longest} characters`;

/** The value part: one short block per field with something to say, then what was no evidence about a value. */
function describeValues(values: TrafficValues): string[] {
  const lines = [
    `values: from ${values.requests} request(s) to the operation with a JSON object body of its fields (${values.bodies} distinct bodies), whatever case sent them; a refusal counts only where the traffic isolates one value as its cause`,
  ];
  for (const [field, v] of Object.entries(values.fields)) {
    // A refused value needs its fields accepted elsewhere, so every field listed was accepted in some body.
    const a = v.accepted;
    const length = a.stringLength === undefined ? '' : ` (strings of ${lengths(a.stringLength)})`;
    const examples = a.examples.length === 0 ? '' : `; e.g. ${a.examples.map(shown).join(', ')}`;
    lines.push(
      `values: ${field}: accepted in ${a.bodies} bod${a.bodies === 1 ? 'y' : 'ies'}, ${a.distinct} distinct: ${a.types.join(', ')}${length}${examples}`,
    );
    if (v.refusedCount === 0) continue;
    const span = v.refusedStringLength === undefined ? '' : ` (strings of ${lengths(v.refusedStringLength)})`;
    lines.push(`values: ${field}: refused, the value isolated as the cause: ${v.refusedCount} value(s)${span}`);
    for (const r of v.refused.slice(0, LISTED_REFUSED)) {
      const how = [String(r.status), r.errorCode].filter((p) => p !== undefined).join(' ');
      const why = r.messagePattern === undefined ? '' : ` "${cut(r.messagePattern)}"`;
      const basis =
        r.basis === 'one-value-changed' ? 'an accepted body differs in this value only' : 'each other value accepted with the same fields';
      lines.push(`  ${shown(r)}: ${how}${why} (${basis})`);
    }
    if (v.refusedCount > LISTED_REFUSED) {
      const listed = v.refused.length < v.refusedCount ? ` (it lists the first ${v.refused.length})` : '';
      lines.push(`  … and ${v.refusedCount - LISTED_REFUSED} more in traffic-report.json${listed}`);
    }
  }
  const { count, why } = values.rejectionsNotTied;
  if (count > 0) {
    lines.push(
      `values: ${count} rejected bod${count === 1 ? 'y' : 'ies'} not tied to one value, so no evidence about a value: ${why.map((w) => `${w.count} ${w.reason}`).join('; ')}`,
    );
  }
  for (const n of values.notEvidence)
    lines.push(`values: not evidence: ${n.count} ${n.of === 'requests' ? 'request(s)' : 'distinct bod(ies)'} ${n.reason}`);
  return lines;
}
