/**
 * What the user gave explain: a request body as JSON, or a cURL command as pasted from a log or a bug
 * report. Errors are one line, name the input, and never quote it (a paste may hold a token).
 */
import { looksLikeCurl, parseCurl, type ParseCurlOptions, type ParsedCurl } from './parse-curl.js';
import { CurlParseError, InputError } from '../errors.js';

export interface ExplainInput {
  body: Record<string, unknown>;
  source: 'json' | 'curl';
  /** The pasted command, credentials already dropped (parse-curl.ts). */
  curl?: ParsedCurl;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** JSON.parse's message may quote the text; keep only where it stopped. */
function jsonProblem(error: unknown): string {
  const position = /position (\d+)/.exec((error as Error).message);
  return position === null ? 'not valid JSON' : `not valid JSON (stops at character ${position[1] as string})`;
}

function parseObject(text: string, label: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${label}: ${what} is ${jsonProblem(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InputError(`${label}: ${what} is JSON but ${kindOf(value)}, not an object; explain works on the fields of a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** `label` names the input in messages: the file name, or `stdin`. */
export function readInput(text: string, label: string, options: ParseCurlOptions = {}): ExplainInput {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') throw new InputError(`${label}: empty; give a JSON body or a cURL command`);
  if (looksLikeCurl(trimmed)) {
    let curl: ParsedCurl;
    try {
      curl = parseCurl(trimmed, options);
    } catch (error) {
      if (error instanceof CurlParseError) throw new InputError(`${label}: ${error.message}`);
      throw error;
    }
    if (curl.body === undefined)
      throw new InputError(`${label}: the cURL command sends no body (-d, --data, --data-raw, --data-binary or --json)`);
    return { body: parseObject(curl.body, label, "the cURL command's body"), source: 'curl', curl };
  }
  if (!/^[[{"\d-]|^(true|false|null)\b/.test(trimmed)) throw new InputError(`${label}: not JSON and not a cURL command`);
  return { body: parseObject(trimmed, label, 'the body'), source: 'json' };
}
