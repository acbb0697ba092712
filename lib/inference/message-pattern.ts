/**
 * Error messages normalised so that "Property 'resource' is not allowed" and
 * "Property 'changeType' is not allowed" fall in one group: quoted field names become
 * '<field>', digit runs become <n>, whitespace is collapsed.
 */
import type { Observation } from './types.js';

// A quoted field name is short: bounded, an opening quote never closed costs at most 256 steps, where unbounded
// each one rescanned the rest of the message (0.7 s for 64 KiB of ‘x, quadratic in what a target sends).
const QUOTED = /'([^']{0,256})'|"([^"]{0,256})"|`([^`]{0,256})`|‘([^’]{0,256})’|“([^”]{0,256})”/g;

export function messagePattern(message: string, fields: readonly string[]): string {
  const byLowerName = lowerNames(fields);
  return message
    .replace(QUOTED, (whole, ...groups: unknown[]) => (byLowerName.has(quotedText(groups).toLowerCase()) ? "'<field>'" : whole))
    .replace(/\d+/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Fields the message quotes, spelt as in `fields`, in order of first mention. */
export function namedFields(message: string, fields: readonly string[]): string[] {
  const byLowerName = lowerNames(fields);
  const named: string[] = [];
  for (const match of message.matchAll(QUOTED)) {
    const name = byLowerName.get(quotedText(match.slice(1)).toLowerCase());
    if (name !== undefined && !named.includes(name)) named.push(name);
  }
  return named;
}

/**
 * The operation's fields an error names, in the fields' order: by its structure (a pydantic `loc`, a
 * ProblemDetails key: `errorNames`, matched without regard to case) or quoted in its message.
 */
export function namedInError(observation: Pick<Observation, 'errorMessage' | 'errorNames'>, fields: readonly string[]): string[] {
  const byStructure = new Set((observation.errorNames ?? []).map((n) => n.toLowerCase()));
  const quoted = new Set(namedFields(observation.errorMessage ?? '', fields));
  return fields.filter((f) => byStructure.has(f.toLowerCase()) || quoted.has(f));
}

function lowerNames(fields: readonly string[]): Map<string, string> {
  return new Map(fields.map((name) => [name.toLowerCase(), name]));
}

/** The captured text of whichever quote style matched. */
function quotedText(groups: readonly unknown[]): string {
  const text = groups.slice(0, 5).find((g) => typeof g === 'string');
  return typeof text === 'string' ? text.trim() : '';
}
