/** The parser of DELETE_PATH: a path template a created id is put into, checked as the probe checks every delete path. */
import { unsafePathReason } from '../operation/safe-id.js';
import { quote, type Parsed, type Parser } from './parsers.js';

const ID = '{id}';

function checkTemplate(raw: string): Parsed<string> {
  const text = raw.trim();
  const bad = (why: string): Parsed<string> => ({ ok: false, problem: `${why}, got ${quote(raw)}` });
  if (!text.startsWith('/')) return bad('must be a path below BASE_URL starting with "/", e.g. /subscriptions/{id}');
  if (text.split(ID).length !== 2) return bad(`must hold ${ID} exactly once (where the created id goes), e.g. /subscriptions/{id}`);
  if (/[\s?#]/.test(text)) return bad('must be a plain path: no spaces, no query, no fragment');
  // The same check as every built delete path (lib/operation/safe-id.ts), on the template with a plain id in it.
  const unsafe = unsafePathReason(text.replace(ID, 'id'));
  if (unsafe !== undefined) return bad(`must not leave the place it names: ${unsafe}`);
  return { ok: true, value: text };
}

export const deletePathParser: Parser<string> = {
  accepts: 'a path below BASE_URL with {id} once, e.g. /subscriptions/{id}',
  parse: (raw) => checkTemplate(raw),
};
