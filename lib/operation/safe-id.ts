/**
 * Ids never steer a request outside the collection. An id is the target's word, and
 * `encodeURIComponent` keeps dots: an id of `..` turns `DELETE {collection}/{id}` into a DELETE of
 * the collection's parent once a server or proxy resolves the dot segment. Every delete path the
 * probe builds from an id goes through `safeDeletePath`; an id it refuses is never sent, and whoever
 * asked lists it as "not deleted: unsafe id".
 */

/** Percent-decodings tried: `%252e` is `%2e` once decoded, which some servers decode again. */
const DECODE_ROUNDS = 3;

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Decodes each %XX it can, leaving broken sequences as they are (decodeURIComponent throws on them). */
function decodeOnce(text: string): string {
  return text.replace(/(%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  });
}

/** The id and each of its percent-decodings, up to DECODE_ROUNDS, without repeats. */
function spellings(id: string): string[] {
  const out = [id];
  let current = id;
  for (let i = 0; i < DECODE_ROUNDS; i += 1) {
    const next = decodeOnce(current);
    if (next === current) break;
    out.push(next);
    current = next;
  }
  return out;
}

/** Why an id may not be put in a path, or undefined when it may. */
export function unsafeIdReason(id: string): string | undefined {
  if (id.length === 0) return 'the id is empty';
  if (id.length > 1024) return `the id is ${id.length} characters long (at most 1024 are sent)`;
  if (/%2e/i.test(id)) return 'the id contains a percent-encoded dot (%2e)';
  for (const [round, text] of spellings(id).entries()) {
    const how = round === 0 ? '' : ' once percent-decoded';
    if (text.trim() === '.' || text.trim() === '..') return `the id is a dot segment ("${text.trim()}")${how}`;
    if (text.includes('/')) return `the id contains "/"${how}`;
    if (text.includes('\\')) return `the id contains "\\"${how}`;
    if (CONTROL.test(text)) return `the id contains a control character${how}`;
  }
  return undefined;
}

/** Why a built path could leave the place it names: a dot segment, a backslash or a control character in it. */
export function unsafePathReason(path: string): string | undefined {
  for (const text of spellings(path)) {
    if (text.includes('\\')) return 'the path contains "\\"';
    if (CONTROL.test(text)) return 'the path contains a control character';
    if (text.split(/[/?#]/).some((segment) => segment === '.' || segment === '..')) return 'the path contains a dot segment';
  }
  return undefined;
}

export type SafeDeletePath = { ok: true; path: string } | { ok: false; reason: string };

/** The delete path of `id` by the operation's own rule, or why it must not be sent. */
export function safeDeletePath(deletePath: (id: string) => string, id: string): SafeDeletePath {
  const idProblem = unsafeIdReason(id);
  if (idProblem !== undefined) return { ok: false, reason: `unsafe id: ${idProblem}` };
  const path = deletePath(id);
  const pathProblem = unsafePathReason(path);
  if (pathProblem !== undefined) return { ok: false, reason: `unsafe id: ${pathProblem}` };
  return { ok: true, path };
}

/** An id as it may be shown in a report or on the console: control characters escaped, long ids cut. */
export function showId(id: string): string {
  const json = JSON.stringify(id.length > 200 ? `${id.slice(0, 200)}…` : id);
  return json.slice(1, -1);
}
