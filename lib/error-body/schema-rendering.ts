/**
 * A text that renders a schema rather than speaks of the request. Effect Schema's ParseError opens its message
 * with the whole expected type (`{ readonly changeType: string; readonly resource: string; ... }`) before the
 * path that failed, and io-ts and TypeScript-minded stacks print types the same way: every field of the type is
 * there as a member, so a reader of names would take each as named. Such a block is a rendering: a pair of braces
 * holding at least MIN_MEMBERS members written `name: type` (with `readonly`, `?` and a separator as TypeScript
 * writes them).
 *
 * Bounded: the text is scanned once for braces, at most MAX_BLOCKS blocks are looked into, and each member pattern
 * is anchored at a separator, so no pattern backtracks over more than one member.
 */

/** Members a brace block must hold to be a rendering of a type: one `a: b` is a sentence's label as often. */
const MIN_MEMBERS = 2;
/** Brace blocks looked into, at most, in one text. */
const MAX_BLOCKS = 64;
/** What stands in for a rendering removed from a text. */
export const RENDERING = '{…}';

/** `readonly changeType: string`, `clientState?: string | undefined`, `"@odata.type": "x"`, after `{`, `;` or `,`. */
const MEMBER = /(?:^|[{;,])\s*(?:readonly\s+)?(?:[A-Za-z_$@][\w$@.-]*|"[^"\n]{1,80}"|'[^'\n]{1,80}')\??\s*:\s*[^\s;,{}]/g;

/** Whether the text holds a rendering of a schema. */
export function rendersSchema(text: string): boolean {
  return renderings(text).length > 0;
}

/** The text with every rendering of a schema replaced by `{…}`. */
export function withoutSchemaRendering(text: string): string {
  const blocks = renderings(text);
  if (blocks.length === 0) return text;
  let out = '';
  let from = 0;
  for (const [start, end] of blocks) {
    out += text.slice(from, start) + RENDERING;
    from = end;
  }
  return out + text.slice(from);
}

/** The outermost brace blocks of the text that render a schema, as [start, end) offsets. */
function renderings(text: string): [number, number][] {
  if (!text.includes('{')) return [];
  const out: [number, number][] = [];
  let depth = 0;
  let start = -1;
  let blocks = 0;
  for (let i = 0; i < text.length && blocks < MAX_BLOCKS; i += 1) {
    const c = text[i];
    if (c === '{') {
      if (depth === 0) start = i;
      depth += 1;
    } else if (c === '}' && depth > 0) {
      depth -= 1;
      if (depth === 0) {
        blocks += 1;
        if (members(text.slice(start, i + 1)) >= MIN_MEMBERS) out.push([start, i + 1]);
      }
    }
  }
  return out;
}

function members(block: string): number {
  MEMBER.lastIndex = 0;
  let count = 0;
  while (MEMBER.exec(block) !== null && count < MIN_MEMBERS) count += 1;
  return count;
}
