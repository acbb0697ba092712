/**
 * Reads a cURL command as a user pastes it from a log or a bug report: what it sends (method, URL,
 * headers, body), what it would have authenticated with, and what was left out.
 *
 * A token in a pasted command must never be printed back, so the parse keeps no credential: an
 * Authorization header, `--oauth2-bearer`, `-u user:password` or a cookie is recorded as "there was
 * one, literal or a shell variable", its value dropped here. The URL is kept as origin and path only
 * (a query may carry `access_token=...`). Errors and notes name options, never argument values.
 */
import { shellWords } from './shell-words.js';
import { CurlParseError, ShellWordsError } from '../errors.js';

/** A credential the command carried: never its value. */
export interface PastedCredential {
  /** Where it was, e.g. `Authorization header`, `--oauth2-bearer`, `-u/--user`, `Cookie header`. */
  where: string;
  /** `variable`: a shell variable such as `$ACCESS_TOKEN`; `literal`: a value written out. */
  form: 'variable' | 'literal';
}

export interface PastedUrl {
  /** e.g. `https://contoso.sharepoint.com`; undefined when the URL has no scheme. */
  origin: string | undefined;
  /** Path without query or fragment, e.g. `/_api/v2.0/drive/root/subscriptions`. */
  path: string;
  /** It had a query (not kept: it may carry a token). */
  hadQuery: boolean;
  /** It had user:password@ (not kept). */
  hadUserInfo: boolean;
}

export interface ParsedCurl {
  method: string;
  url: PastedUrl | undefined;
  /** Headers other than credentials, in order. */
  headers: { name: string; value: string }[];
  credentials: PastedCredential[];
  /** The body as curl would send it (several -d joined with `&`); undefined when none. */
  body: string | undefined;
  /** What was ignored or changed on the way, in plain words. */
  notes: string[];
}

export interface ParseCurlOptions {
  /** Reads `-d @file`; without it such a body is an error. */
  readFile?: (path: string) => string;
}

type DataKind = 'data' | 'raw' | 'binary' | 'urlencode' | 'json';

// Options whose argument this parser uses.
const WITH_VALUE: Record<string, string> = {
  '-X': 'request',
  '--request': 'request',
  '-H': 'header',
  '--header': 'header',
  '-d': 'data',
  '--data': 'data',
  '--data-ascii': 'data',
  '--data-raw': 'raw',
  '--data-binary': 'binary',
  '--data-urlencode': 'urlencode',
  '--json': 'json',
  '--url': 'url',
  '-u': 'user',
  '--user': 'user',
  '--oauth2-bearer': 'bearer',
  '-b': 'cookie',
  '--cookie': 'cookie',
  '-U': 'proxy-user',
  '--proxy-user': 'proxy-user',
  '-T': 'upload',
  '--upload-file': 'upload',
  '-F': 'form',
  '--form': 'form',
  '--form-string': 'form',
};

// Options that take an argument this parser does not need.
const SKIP_VALUE = new Set([
  '-o',
  '--output',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-w',
  '--write-out',
  '--retry',
  '--retry-delay',
  '--retry-max-time',
  '-x',
  '--proxy',
  '-c',
  '--cookie-jar',
  '-E',
  '--cert',
  '--cacert',
  '--capath',
  '--key',
  '--key-type',
  '--cert-type',
  '--resolve',
  '--connect-to',
  '-r',
  '--range',
  '-K',
  '--config',
  '--limit-rate',
  '--max-redirs',
  '-y',
  '--speed-time',
  '-Y',
  '--speed-limit',
  '--interface',
  '--dns-servers',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '--proto',
  '--proto-redir',
  '--trace',
  '--trace-ascii',
  '--stderr',
  '--expect100-timeout',
  '--keepalive-time',
  '--local-port',
  '--noproxy',
  '--pinnedpubkey',
  '--ciphers',
  '--tls-max',
  '-z',
  '--time-cond',
  '--max-filesize',
  '--happy-eyeballs-timeout-ms',
  '--aws-sigv4',
  '--variable',
  '--url-query',
  '--header-file',
]);

// Flags without argument; short ones may be combined (`-sSL`).
const FLAGS = new Set([
  '-i',
  '--include',
  '-s',
  '--silent',
  '-S',
  '--show-error',
  '-v',
  '--verbose',
  '-k',
  '--insecure',
  '-L',
  '--location',
  '--compressed',
  '-f',
  '--fail',
  '--fail-with-body',
  '-g',
  '--globoff',
  '-N',
  '--no-buffer',
  '--http1.0',
  '--http1.1',
  '--http2',
  '--http2-prior-knowledge',
  '--http3',
  '-0',
  '-4',
  '-6',
  '-#',
  '--progress-bar',
  '--raw',
  '-n',
  '--netrc',
  '--no-progress-meter',
  '--ssl-no-revoke',
  '-j',
  '--junk-session-cookies',
  '-l',
  '--list-only',
  '-R',
  '--remote-time',
  '-Z',
  '--parallel',
  '--path-as-is',
  '-q',
  '--disable',
  '--tr-encoding',
  '--location-trusted',
  '--no-keepalive',
  '--tcp-nodelay',
  '--ipv4',
  '--ipv6',
  '-O',
  '--remote-name',
  '-J',
  '--remote-header-name',
  '--digest',
  '--basic',
  '--ntlm',
  '--negotiate',
  '--anyauth',
  '--no-sessionid',
  '-B',
  '--use-ascii',
  '-p',
  '--proxytunnel',
  '--styled-output',
  '--fail-early',
  '--show-headers',
  '--no-clobber',
]);
const CHANGES_REQUEST = new Set(['-G', '--get', '-I', '--head']);

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** A shell variable in a value: `$ACCESS_TOKEN`, `${TOKEN}`, `$(cat token)`, `%TOKEN%` (cmd.exe), `$env:TOKEN`. */
const VARIABLE = /\$[A-Za-z_{(]|%[A-Za-z_][A-Za-z0-9_]*%/;

function credentialForm(value: string): PastedCredential['form'] {
  return VARIABLE.test(value) ? 'variable' : 'literal';
}

function isCurlWord(word: string): boolean {
  return /(^|[\\/])curl(\.exe)?$/i.test(word);
}

/** Whether a pasted text reads as a cURL command (after an optional `$ ` or `> ` prompt). */
export function looksLikeCurl(text: string): boolean {
  return /^\s*(?:[$>%#]\s+)?(?:\S*[\\/])?curl(?:\.exe)?(?:\s|$)/i.test(text);
}

function pastedUrl(raw: string): PastedUrl {
  const text = raw.replace(/^<|>$/g, '');
  const withScheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text) ? text : undefined;
  try {
    const url = new URL(withScheme ?? `http://${text}`);
    return {
      origin: withScheme === undefined ? undefined : url.origin,
      path: decodeURI(url.pathname),
      hadQuery: url.search !== '',
      hadUserInfo: url.username !== '' || url.password !== '',
    };
  } catch {
    throw new CurlParseError('the URL of the cURL command cannot be read');
  }
}

/** What the words of a cURL command said, collected option by option. */
interface Collected {
  method?: string;
  upload: boolean;
  head: boolean;
  get: boolean;
  urls: string[];
  headers: { name: string; value: string }[];
  credentials: PastedCredential[];
  data: { kind: DataKind; value: string }[];
  notes: string[];
  ignored: Set<string>;
}

export function parseCurl(text: string, options: ParseCurlOptions = {}): ParsedCurl {
  const words = curlWords(text);
  const c: Collected = {
    upload: false,
    head: false,
    get: false,
    urls: [],
    headers: [],
    credentials: [],
    data: [],
    notes: [],
    ignored: new Set(),
  };
  readWords(words, c);
  for (const option of c.ignored) c.notes.push(`option ${option} is not known to explain and was ignored`);

  if (c.urls.length === 0) throw new CurlParseError('the cURL command has no URL');
  if (c.urls.length > 1)
    c.notes.push(`the cURL command has ${c.urls.length} URLs (or words that are not options); the first was taken as the URL`);
  const url = pastedUrl(c.urls[0] as string);

  let body = bodyOf(c.data, options, c.notes);
  if (c.get && body !== undefined) {
    c.notes.push('-G/--get sends the data in the URL query, not as a body');
    body = undefined;
  }
  const json = c.data.some((d) => d.kind === 'json');
  if (json && !c.headers.some((h) => h.name.toLowerCase() === 'content-type'))
    c.headers.push({ name: 'Content-Type', value: 'application/json' });
  const implied = c.head ? 'HEAD' : c.upload ? 'PUT' : body !== undefined ? 'POST' : 'GET';
  return { method: (c.method ?? implied).toUpperCase(), url, headers: c.headers, credentials: c.credentials, body, notes: c.notes };
}

/** The command's words, a prompt sign before it dropped; it must start with curl. */
function curlWords(text: string): string[] {
  let words: string[];
  try {
    words = shellWords(text);
  } catch (error) {
    if (error instanceof ShellWordsError) throw new CurlParseError(`the cURL command cannot be split into words: ${error.message}`);
    throw error;
  }
  while (words.length > 0 && /^[$>%#]$/.test(words[0] as string)) words.shift();
  if (words.length === 0 || !isCurlWord(words[0] as string)) throw new CurlParseError('not a cURL command (it should start with curl)');
  return words;
}

/** Every word after `curl`: options (long, short, combined, with attached values) and URLs. */
function readWords(words: readonly string[], c: Collected): void {
  let i = 1;
  let optionsEnded = false;
  const next = (option: string): string => {
    if (i >= words.length) throw new CurlParseError(`option ${option} of the cURL command has no argument`);
    i += 1;
    return words[i - 1] as string;
  };
  while (i < words.length) {
    const word = words[i] as string;
    i += 1;
    if (optionsEnded || !word.startsWith('-') || word === '-') c.urls.push(word);
    else if (word === '--') optionsEnded = true;
    else if (word.startsWith('--')) readLongOption(word, next, c);
    else readShortOptions(word, next, c);
  }
}

function readLongOption(word: string, next: (option: string) => string, c: Collected): void {
  if (WITH_VALUE[word] !== undefined || SKIP_VALUE.has(word)) {
    const value = next(word);
    if (WITH_VALUE[word] !== undefined) take(c, word, value);
  } else if (CHANGES_REQUEST.has(word)) {
    if (word === '--get') c.get = true;
    else c.head = true;
  } else if (!FLAGS.has(word) && /^--[A-Za-z0-9][A-Za-z0-9.-]*$/.test(word)) c.ignored.add(word);
  else if (!FLAGS.has(word)) c.ignored.add('an option that is not a plain name');
}

/** Short options, possibly combined (`-sS`) or with the value attached (`-XPOST`, `-HAccept:x`). */
function readShortOptions(word: string, next: (option: string) => string, c: Collected): void {
  for (let j = 1; j < word.length; j += 1) {
    const option = `-${word[j] as string}`;
    if (WITH_VALUE[option] !== undefined || SKIP_VALUE.has(option)) {
      const attached = word.slice(j + 1);
      const value = attached === '' ? next(option) : attached;
      if (WITH_VALUE[option] !== undefined) take(c, option, value);
      return;
    }
    if (option === '-G') c.get = true;
    else if (option === '-I') c.head = true;
    else if (!FLAGS.has(option)) c.ignored.add(/^-[A-Za-z0-9#]$/.test(option) ? option : 'an option that is not a plain name');
  }
}

/** A -H value: a header kept, a credential noted (never its value), or nothing (curl's forms that send none). */
function takeHeader(c: Collected, value: string): void {
  const colon = value.indexOf(':');
  const semi = value.indexOf(';');
  if (colon < 0 && semi > 0) return; // `Name;` sends an empty header: nothing to explain
  if (colon <= 0) {
    c.notes.push('a -H argument that is not "Name: value" was ignored');
    return;
  }
  const name = value.slice(0, colon).trim();
  const headerValue = value.slice(colon + 1).trim();
  if (headerValue === '') return; // `Name:` removes a header curl would add
  if (CREDENTIAL_HEADERS.has(name.toLowerCase())) {
    const where = `${name.toLowerCase() === 'cookie' ? 'Cookie' : name.toLowerCase() === 'authorization' ? 'Authorization' : 'Proxy-Authorization'} header`;
    c.credentials.push({ where, form: credentialForm(headerValue) });
  } else c.headers.push({ name, value: headerValue });
}

const DATA_KINDS: Partial<Record<string, DataKind>> = { data: 'data', raw: 'raw', binary: 'binary', urlencode: 'urlencode', json: 'json' };

/** What an option with a value does to the request. */
function take(c: Collected, option: string, value: string): void {
  const what = WITH_VALUE[option];
  const kind = what === undefined ? undefined : DATA_KINDS[what];
  if (kind !== undefined) return void c.data.push({ kind, value });
  switch (what) {
    case 'request':
      c.method = value;
      break;
    case 'header':
      takeHeader(c, value);
      break;
    case 'url':
      c.urls.push(value);
      break;
    case 'user':
      c.credentials.push({ where: '-u/--user', form: credentialForm(value) });
      break;
    case 'bearer':
      c.credentials.push({ where: '--oauth2-bearer', form: credentialForm(value) });
      break;
    case 'cookie':
      // `-b name=value` sends a cookie; `-b file` reads a cookie file: either way nothing to show.
      c.credentials.push({ where: '-b/--cookie', form: credentialForm(value) });
      break;
    case 'proxy-user':
      c.notes.push('the proxy credentials (-U/--proxy-user) were ignored');
      break;
    case 'upload':
      c.upload = true;
      c.notes.push('-T/--upload-file sends a file with PUT; its content is not read');
      break;
    case 'form':
      throw new CurlParseError('the cURL command sends a multipart form (-F/--form), not a JSON body');
    default:
      break;
  }
}

/** The body as curl builds it: each `-d` in turn, `@file` read (except for --data-raw), joined with `&`. */
function bodyOf(data: { kind: DataKind; value: string }[], options: ParseCurlOptions, notes: string[]): string | undefined {
  if (data.length === 0) return undefined;
  const parts = data.map(({ kind, value }) => {
    if (kind === 'urlencode') throw new CurlParseError('the cURL command sends --data-urlencode form data, not a JSON body');
    if (kind === 'raw' || !value.startsWith('@')) return value;
    const path = value.slice(1);
    if (path === '-') throw new CurlParseError('the cURL command reads its body from standard input (-d @-); paste the body instead');
    if (options.readFile === undefined) throw new CurlParseError('the cURL command reads its body from a file (-d @file)');
    let content: string;
    try {
      content = options.readFile(path);
    } catch {
      throw new CurlParseError(`the body file of the cURL command (-d @${path}) cannot be read`);
    }
    notes.push(`the body was read from ${path}, as curl would`);
    // curl -d strips newlines from a file; --data-binary and --json keep them.
    return kind === 'data' ? content.replace(/[\r\n]/g, '') : content;
  });
  return parts.join('&');
}
