/**
 * A refused body judged against the refusals the operation's document declares, where they are not spec §7's error
 * object (an API's own convention: RFC 9457 problem details, a framework's list of errors). The answer holds when its
 * status is one the document declares (exactly, as 4XX, or as default), its content type one declared for it, and its
 * body valid against the schema declared for it. The document's words, not the spec's, are what its findings cite.
 */
import type { Exchange } from '../http/types.js';
import type { RefusalResponseDescription, RefusalsDescription } from '../operation/types.js';
import { documentSchema, schemaProblem } from '../schema/document-schema.js';

/** Problems shown per answer, at most: the first errors of a body say what is wrong with it. */
const SHOWN_PROBLEMS = 4;

/** The response the document declares for `status`: its own entry, else 4XX, else default. */
function declaredFor(status: number, refusals: RefusalsDescription): RefusalResponseDescription | undefined {
  const { responses } = refusals;
  return (
    responses.find((r) => r.status === String(status)) ??
    (status >= 400 && status < 500 ? responses.find((r) => r.status === '4XX') : undefined) ??
    responses.find((r) => r.status === 'default')
  );
}

/** `application/problem+json` matches itself, `application/*` and `*\/*`; parameters are not compared. */
function mediaMatches(declared: string, type: string): boolean {
  const [want, wantSub] = declared.split(';')[0]?.trim().toLowerCase().split('/') ?? [];
  const [got, gotSub] = type.split('/');
  return (want === '*' || want === got) && (wantSub === '*' || wantSub === gotSub);
}

const statusesOf = (refusals: RefusalsDescription): string => refusals.responses.map((r) => r.status).join(', ');

export function checkDeclaredRefusal(exchange: Exchange, refusals: RefusalsDescription): { holds: boolean; problems: string[] } {
  const status = exchange.status ?? 0;
  const response = declaredFor(status, refusals);
  if (response === undefined)
    return {
      holds: false,
      problems: [`answered ${status}, a status not declared for ${refusals.source} (declared: ${statusesOf(refusals)})`],
    };
  const problems: string[] = [];
  const type = exchange.responseHeaders['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (response.media.length > 0 && (type === undefined || !response.media.some((m) => mediaMatches(m, type))))
    problems.push(`content-type ${type ?? '(none)'}, where ${response.media.join(', ')} is declared for ${response.status}`);
  if (response.schema !== undefined) problems.push(...bodyProblems(exchange.responseBody, response));
  return { holds: problems.length === 0, problems };
}

function bodyProblems(raw: string, response: RefusalResponseDescription): string[] {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return [`the answer's body is not JSON, where a JSON body is declared for ${response.status}`];
  }
  const schema = documentSchema(response.schema);
  // A schema the document gives that cannot be compiled judges nothing: the status and the media type still do.
  if ('error' in schema) return [];
  if (schema.validate(body)) return [];
  const errors = schema.validate.errors ?? [];
  const shown = errors.slice(0, SHOWN_PROBLEMS).map(schemaProblem);
  return errors.length > SHOWN_PROBLEMS ? [...shown, `${errors.length - SHOWN_PROBLEMS} more`] : shown;
}

/** The words findings use for the document's refusals (lib/protocol/error-rule.ts's RuleWords). */
export function declaredWords(refusals: RefusalsDescription): { cite: string; expected: string; reading: string } {
  const declared = refusals.responses.map((r) => (r.media.length > 0 ? `${r.status} ${r.media.join(' or ')}` : r.status)).join(', ');
  return {
    cite: `the refusals declared for ${refusals.source}`,
    expected: `a refusal declared for ${refusals.source} (${declared}), its body valid against the declared schema`,
    reading: `a body refused for its fields or values gets a refusal declared for ${refusals.source} (${declared}), not spec §7's error object, which the document does not use`,
  };
}
