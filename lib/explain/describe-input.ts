/**
 * What explain makes of the input, said before anything is sent. A pasted cURL command is reported
 * (method, URL as origin and path), but explain always sends the operation's method and headers to
 * the operation's path on the configured target: the question is why the target rejects this body,
 * and the configured target, token and receiver are what explain can send to and clean up after. A
 * pasted token is never printed and never sent.
 */
import type { OperationSpec } from '../operation/types.js';
import type { ExplainInput } from './read-input.js';

export interface TargetWords {
  /** e.g. `http://127.0.0.1:40123` */
  url: string;
  /** e.g. `the embedded reference service (profile default)` or `BASE_URL`. */
  what: string;
  /** e.g. `the token generated for the embedded reference`, `the token from ACCESS_TOKEN`, `no token`. */
  token: string;
}

/**
 * The service a cURL input was sent to (its origin and the part of its path before the operation's), when
 * that is not the configured target: explain asks the configured target, so its conclusion must say so.
 */
export function otherTarget(input: ExplainInput, operation: OperationSpec, target: TargetWords): string | undefined {
  const url = input.source === 'json' ? undefined : input.curl?.url;
  const path = url?.path.replace(/\/+$/, '');
  if (url?.origin === undefined || path === undefined || !path.endsWith(operation.path)) return undefined;
  const base = `${url.origin}${path.slice(0, path.length - operation.path.length)}`;
  return base === target.url.replace(/\/+$/, '') ? undefined : base;
}

export function describeInput(input: ExplainInput, label: string, operation: OperationSpec, target: TargetWords): string[] {
  const lines: string[] = [];
  const fields = Object.keys(input.body);
  const fieldWords = fields.length === 0 ? 'no fields' : `fields ${fields.join(', ')}`;
  const sentTo = `${operation.method} ${target.url}${operation.path}`;
  if (input.source === 'json') {
    lines.push(`input: ${label}: a JSON body with ${fieldWords}`);
  } else {
    const curl = input.curl;
    if (curl === undefined) throw new Error('describeInput: a cURL input without its parse');
    const url = curl.url;
    const shown = url === undefined ? '(no URL)' : `${url.origin ?? ''}${url.path}${url.hadQuery ? ' (query not shown)' : ''}`;
    lines.push(`input: ${label}: a cURL command, ${curl.method} ${shown}, body with ${fieldWords}`);
    if (curl.method !== operation.method)
      lines.push(`input: its method is ${curl.method}; explain sends ${operation.method}, the operation's method`);
    const path = url?.path.replace(/\/+$/, '');
    if (url !== undefined && path !== undefined && !path.endsWith(operation.path)) {
      lines.push(
        `input: its path ${url.path} is not the spec path ${operation.path}; explain sends to the spec path on the configured target`,
      );
    } else {
      const base = otherTarget(input, operation, target);
      if (base !== undefined)
        lines.push(
          `input: it was sent to ${base}; explain sends to the configured target (to ask that service, set BASE_URL=${base} and its token)`,
        );
    }
    if (url?.hadUserInfo === true) lines.push('input: its URL carried a user name or password: not shown, not sent');
    for (const credential of curl.credentials) {
      const held = credential.form === 'literal' ? 'held a credential' : 'reads a credential from a shell variable';
      lines.push(`input: its ${credential.where} ${held}: not shown, not sent; explain sends ${target.token} instead`);
    }
    const contentType = curl.headers.find((h) => h.name.toLowerCase() === 'content-type');
    const specType = operation.headers['content-type'];
    if (contentType !== undefined && specType !== undefined && contentType.value.split(';')[0]?.trim().toLowerCase() !== specType) {
      lines.push(
        `input: its Content-Type is not ${specType}; explain sends ${specType}, as the spec says (the 400 may come from the header: explain looks at the body only)`,
      );
    }
    const others = curl.headers.filter((h) => h.name.toLowerCase() !== 'content-type').map((h) => h.name);
    if (others.length > 0) lines.push(`input: headers not sent (explain sends the spec's headers only): ${others.join(', ')}`);
    for (const note of curl.notes) lines.push(`input: ${note}`);
  }
  lines.push(`target: ${target.what}; sending ${sentTo} with ${target.token}`);
  return lines;
}
