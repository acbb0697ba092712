/**
 * JSON as the shipped descriptions are written: indented, but an object or list that fits in the
 * width stays on one line, so that a field's good value or a class reads as one line in a review.
 */
const WIDTH = 118;

export function formatJson(value: unknown, indent = 0): string {
  const flat = flatten(value);
  if (typeof value !== 'object' || value === null || flat.length + indent <= WIDTH) return flat;
  const entries = Array.isArray(value) ? value.map((v) => ['', v] as const) : Object.entries(value);
  if (entries.length === 0) return flat;
  const pad = ' '.repeat(indent + 2);
  const lines = entries.map(([k, v]) => `${pad}${Array.isArray(value) ? '' : `${JSON.stringify(k)}: `}${formatJson(v, indent + 2)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${lines.join(',\n')}\n${' '.repeat(indent)}${close}`;
}

/** One line, with a space after each comma and colon (as the shipped files are written). */
function flatten(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(flatten).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${flatten(v)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
