/** Markdown for text a target sent: escaped, or in code spans, so a hostile message cannot inject links, images or HTML. */

/** Plain text, escaped for Markdown and HTML, on one line. */
export function text(value: string): string {
  return oneLine(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|~])/g, '\\$1');
}

/** A code span that survives any backticks in `value`. */
export function code(value: string): string {
  const line = oneLine(value);
  if (line === '') return '` `';
  const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** In a GFM table a `|` ends the cell even inside a code span, unless escaped. */
export function cellCode(value: string): string {
  return code(value).replace(/\|/g, '\\|');
}

function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ');
}
