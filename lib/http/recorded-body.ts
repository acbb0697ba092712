/**
 * Reading a recorded body as JSON when it may have been cut at MAX_RECORDED_BODY_BYTES. A cut body is
 * never judged on its shape (it is not "not JSON", it is unseen past the cut); what its kept part says
 * for certain (the top-level fields that end before the cut, such as a created subscription's id) is
 * still read, so that a create is not lost for want of its last bytes.
 */
import type { Exchange } from './types.js';

/** "body cut at N bytes" when the engine cut the body, else undefined. */
export function bodyCut(exchange: Pick<Exchange, 'responseBody' | 'responseBodyTruncated'>): string | undefined {
  if (!exchange.responseBodyTruncated) return undefined;
  return `body cut at ${Buffer.byteLength(exchange.responseBody)} bytes (MAX_RECORDED_BODY_BYTES)`;
}

/** The same, as the words of a case that therefore does not judge the body. */
export function notJudgedCut(exchange: Pick<Exchange, 'responseBody' | 'responseBodyTruncated'>): string | undefined {
  const cut = bodyCut(exchange);
  return cut === undefined ? undefined : `not judged: ${cut}`;
}

/**
 * The body parsed as JSON; for a cut body, an object of the top-level fields whose values end before
 * the cut (nested objects and arrays only when whole). Undefined when nothing can be read.
 */
export function parseRecordedBody(exchange: Pick<Exchange, 'responseBody' | 'responseBodyTruncated'>): unknown {
  if (!exchange.responseBodyTruncated) {
    try {
      return JSON.parse(exchange.responseBody) as unknown;
    } catch {
      return undefined;
    }
  }
  return keptTopLevelFields(exchange.responseBody);
}

const WS = new Set([' ', '\t', '\n', '\r']);

/** Index just past the JSON string starting at `at` (a `"`), or -1 when it does not end in `text`. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\\') i += 1;
    else if (c === '"') return i + 1;
  }
  return -1;
}

/** Index just past the value starting at `at`, or -1 when it does not end in `text`. */
function valueEnd(text: string, at: number): number {
  const c = text[at];
  if (c === '"') return stringEnd(text, at);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let i = at; i < text.length; i += 1) {
      const d = text[i];
      if (d === '"') {
        const end = stringEnd(text, i);
        if (end < 0) return -1;
        i = end - 1;
      } else if (d === '{' || d === '[') depth += 1;
      else if (d === '}' || d === ']') {
        depth -= 1;
        if (depth === 0) return i + 1;
      }
    }
    return -1;
  }
  // A number, true, false or null ends at a delimiter; at the cut it may be unfinished (12 of 123).
  for (let i = at; i < text.length; i += 1) if (text[i] === ',' || text[i] === '}' || WS.has(text[i]!)) return i;
  return -1;
}

/** The top-level fields of a JSON object cut short, as far as they are whole. */
export function keptTopLevelFields(text: string): Record<string, unknown> | undefined {
  let i = 0;
  const skip = (): void => {
    while (i < text.length && WS.has(text[i]!)) i += 1;
  };
  skip();
  if (text[i] !== '{') return undefined;
  i += 1;
  const fields: Record<string, unknown> = {};
  for (;;) {
    skip();
    if (text[i] !== '"') return fields;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return fields;
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    i = keyEnd;
    skip();
    if (text[i] !== ':') return fields;
    i += 1;
    skip();
    const end = valueEnd(text, i);
    if (end < 0) return fields;
    try {
      fields[key] = JSON.parse(text.slice(i, end)) as unknown;
    } catch {
      return fields;
    }
    i = end;
    skip();
    if (text[i] !== ',') return fields;
    i += 1;
  }
}
