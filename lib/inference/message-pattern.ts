/**
 * Error messages normalised so that "Property 'resource' is not allowed" and
 * "Property 'changeType' is not allowed" fall in one group: quoted field names become
 * '<field>', digit runs become <n>, whitespace is collapsed.
 */

const QUOTED = /'([^']*)'|"([^"]*)"|`([^`]*)`|‘([^’]*)’|“([^”]*)”/g;

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

function lowerNames(fields: readonly string[]): Map<string, string> {
  return new Map(fields.map((name) => [name.toLowerCase(), name]));
}

/** The captured text of whichever quote style matched. */
function quotedText(groups: readonly unknown[]): string {
  const text = groups.slice(0, 5).find((g) => typeof g === 'string');
  return typeof text === 'string' ? text.trim() : '';
}
