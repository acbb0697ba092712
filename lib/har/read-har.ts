/**
 * A HAR file as a browser, a proxy (Fiddler, Charles) or this tool writes it, read for the requests to
 * one operation that got a 4xx. Only what explain needs is kept: method, URL, status, time and the body
 * sent; headers and cookies are never read out of the file, as a browser's HAR holds session cookies and
 * tokens. Errors are one line, name the file, and never quote it.
 */
import { readFileSync, statSync } from 'node:fs';
import { isObject } from '../json.js';
import { HarReadError } from '../errors.js';

/** Largest HAR read: checked on the file's size before it is read, so a huge file costs no memory. */
export const MAX_HAR_BYTES = 50 * 1024 * 1024;

/** One request of the HAR to the operation that got a 4xx. */
export interface HarCandidate {
  /** Its place in the HAR's entries, counted from 1 (what `--entry N` takes). */
  entry: number;
  method: string;
  /** Origin and path of the URL it was sent to (the query, which may hold a credential, is left out). */
  origin: string;
  path: string;
  hadQuery: boolean;
  status: number;
  startedDateTime: string;
  /** The body sent (`postData.text`), if any. */
  body: string | undefined;
}

/** Most requests a choice lists. */
const MAX_LISTED = 50;

export interface OperationRef {
  method: string;
  /** The operation's path, e.g. `/_api/v2.0/drive/root/subscriptions`; a URL whose path ends with it matches. */
  path: string;
}

function jsonProblem(error: unknown): string {
  const position = /position (\d+)/.exec((error as Error).message);
  return position === null ? 'not valid JSON' : `not valid JSON (stops at character ${position[1] as string})`;
}

/**
 * The text of a HAR file: its size is checked before it is read, so a file over MAX_HAR_BYTES costs no
 * memory. `label` names it in errors.
 */
export function readHarFile(path: string, label: string): string {
  try {
    const size = statSync(path).size;
    if (size > MAX_HAR_BYTES)
      throw new HarReadError(
        `${label}: ${(size / 1024 / 1024).toFixed(0)} MB, over the ${MAX_HAR_BYTES / 1024 / 1024} MB a HAR may have; export only the requests needed`,
      );
    return readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof HarReadError) throw error;
    throw new HarReadError(`${label}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** The entries of a HAR document; a HarReadError when `text` is not JSON or not a HAR. */
export function harEntries(text: string, label: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new HarReadError(`${label}: ${jsonProblem(error)}; a HAR file is JSON`);
  }
  const log = isObject(value) ? value.log : undefined;
  if (!isObject(log) || !Array.isArray(log.entries))
    throw new HarReadError(`${label}: JSON but not a HAR (no log.entries); export the network log as HAR`);
  return log.entries;
}

function candidateOf(raw: unknown, entry: number, operation: OperationRef): HarCandidate | undefined {
  if (!isObject(raw) || !isObject(raw.request) || !isObject(raw.response)) return undefined;
  const { method, url, postData } = raw.request;
  const status = raw.response.status;
  if (typeof method !== 'string' || typeof url !== 'string' || typeof status !== 'number') return undefined;
  if (method.toUpperCase() !== operation.method.toUpperCase() || status < 400 || status > 499) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const path = parsed.pathname.replace(/\/+$/, '');
  if (!path.toLowerCase().endsWith(operation.path.replace(/\/+$/, '').toLowerCase())) return undefined;
  const text = isObject(postData) && typeof postData.text === 'string' ? postData.text : undefined;
  return {
    entry,
    method: method.toUpperCase(),
    origin: parsed.origin,
    path: parsed.pathname,
    hadQuery: parsed.search !== '',
    status,
    startedDateTime: typeof raw.startedDateTime === 'string' ? raw.startedDateTime : '',
    body: text,
  };
}

/**
 * The HAR's requests to the operation that got a 4xx, in the HAR's order. None is an error that says how
 * many entries the file had, and how many were to the operation at all.
 */
export function harCandidates(text: string, label: string, operation: OperationRef): HarCandidate[] {
  const entries = harEntries(text, label);
  const found: HarCandidate[] = [];
  entries.forEach((raw, index) => {
    const candidate = candidateOf(raw, index + 1, operation);
    if (candidate !== undefined) found.push(candidate);
  });
  if (found.length === 0) {
    throw new HarReadError(
      `${label}: none of its ${entries.length} entries is a ${operation.method} to ${operation.path} answered 4xx; explain needs the request that got the 4xx`,
    );
  }
  return found;
}

/** The one to explain: the only one, or `--entry N`'s; else a HarReadError listing them (index, status, time). */
export function chooseCandidate(candidates: readonly HarCandidate[], label: string, entry: number | undefined): HarCandidate {
  if (entry !== undefined) {
    const chosen = candidates.find((c) => c.entry === entry);
    if (chosen !== undefined) return chosen;
    throw new HarReadError(
      `${label}: entry ${entry} is not one of its 4xx requests to the operation (${candidates.map((c) => c.entry).join(', ')})`,
    );
  }
  const only = candidates[0];
  if (candidates.length === 1 && only !== undefined) return only;
  // One line per request, so that a long list reads as a table; a HAR of thousands lists the first ones.
  const shown = candidates.slice(0, MAX_LISTED).map((c) => `  --entry ${c.entry}: ${c.status} at ${c.startedDateTime || '(no time)'}`);
  const more = candidates.length > MAX_LISTED ? [`  and ${candidates.length - MAX_LISTED} more`] : [];
  throw new HarReadError(
    [`${label}: ${candidates.length} requests to the operation got a 4xx; pick one with --entry N:`, ...shown, ...more].join('\n'),
  );
}
