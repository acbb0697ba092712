/**
 * cURL commands for protocol cases whose request toCurl cannot show as sent: a made-up Authorization
 * header (toCurl prints every credential as $ACCESS_TOKEN, which would replay the run's token), and a
 * body too large to paste (printed as a printf that rebuilds it).
 */
import { shellQuote, toCurl } from '../http/curl.js';
import { isCredentialHeader } from '../http/redact.js';
import type { Exchange } from '../http/types.js';

const SEPARATOR = ' \\\n  ';
/** Runs of spaces at least this long are rebuilt by printf rather than pasted. */
const MIN_RUN = 1024;

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !isCredentialHeader(name)));
}

function insertAfterUrl(curl: string, argument: string): string {
  const at = curl.indexOf(SEPARATOR);
  return at < 0 ? `${curl}${SEPARATOR}${argument}` : `${curl.slice(0, at)}${SEPARATOR}${argument}${curl.slice(at)}`;
}

/**
 * The exchange as cURL with `authorization` (a constant the case made up, never a real credential)
 * printed literally; undefined prints no Authorization header at all.
 */
export function curlWithAuthorization(exchange: Exchange, authorization: string | undefined): string {
  const plain = toCurl({
    method: exchange.method,
    url: exchange.url,
    headers: withoutCredentials(exchange.requestHeaders),
    body: exchange.requestBody,
  });
  return authorization === undefined ? plain : insertAfterUrl(plain, `-H ${shellQuote(`Authorization: ${authorization}`)}`);
}

/**
 * The first run of at least MIN_RUN spaces, found without a regular expression: ` {1024,}` over a 1 MiB body of
 * spaces grows irregexp's backtracking stack by about 27 MB, one of the two highest points of a probe run's memory.
 */
function longRunOfSpaces(body: string): { start: number; end: number } | undefined {
  const start = body.indexOf(' '.repeat(MIN_RUN));
  if (start < 0) return undefined;
  let end = start + MIN_RUN;
  while (end < body.length && body.charCodeAt(end) === 0x20) end += 1;
  return { start, end };
}

/**
 * The exchange as cURL, with a body holding a long run of spaces rebuilt by printf through a process
 * substitution (bash, zsh): a 1 MB argument would exceed the kernel's limit on one argument.
 * Other bodies are rendered by toCurl.
 */
export function curlWithCompactBody(exchange: Exchange): string {
  const body = exchange.requestBody;
  const run = body === undefined ? undefined : longRunOfSpaces(body);
  if (body === undefined || run === undefined) return toCurl(exchange);
  const before = body.slice(0, run.start);
  const after = body.slice(run.end);
  const typed = Object.keys(exchange.requestHeaders).some((name) => name.toLowerCase() === 'content-type');
  const parts = [toCurl({ method: exchange.method, url: exchange.url, headers: exchange.requestHeaders })];
  if (!typed) parts.push(`-H ${shellQuote('Content-Type:')}`);
  parts.push(`--data-binary @<(printf '%s%*s%s' ${shellQuote(before)} ${run.end - run.start} '' ${shellQuote(after)})`);
  return parts.join(SEPARATOR);
}
