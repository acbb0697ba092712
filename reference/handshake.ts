/**
 * The notification-URL validation handshake (spec §6 leaves it "not shown"; modelled on public reports:
 * SharePoint webhooks overview, OneDrive webhook-receiver-validation-request, Graph change notifications):
 * POST `notificationUrl?<tokenParameter>=<token>` with an empty body; the receiver must answer `200`,
 * `Content-Type: text/plain`, and a body that is exactly the decoded token, within the profile's timeout.
 * Only loopback URLs are ever contacted: any other host is a failure without a single packet sent.
 */
import { randomUUID } from 'node:crypto';
import type { HandshakeRules } from './profile-types.js';
import { loopbackTarget } from './loopback.js';
import { postLoopback } from './outbound.js';

export type HandshakeFailure =
  | 'invalidUrl'
  | 'notLoopback'
  /** The URL is the reference service itself (which would answer, or trigger, itself). */
  | 'self'
  | 'unreachable'
  | 'timedOut'
  | 'badStatus'
  | 'badContentType'
  | 'tokenMismatch'
  | 'cancelled';

export type HandshakeOutcome = { ok: true } | { ok: false; failure: HandshakeFailure; message: string };

/** An echo of the token is short; a longer answer is cut (and then cannot be the token). */
const MAX_ANSWER_BYTES = 64 * 1024;

export function validationToken(form: HandshakeRules['tokenForm'], id: string = randomUUID()): string {
  // reference choice (see profiles.ts): reserved characters only a receiver that decodes the query gets right.
  return form === 'uuid' ? id : `Validation: reference check ${id} +/&=`;
}

/** The notification URL with the token appended to its query (form encoding, as the real services send). */
export function handshakeUrl(url: URL, parameter: string, token: string): URL {
  const target = new URL(url.href);
  target.hash = '';
  const pair = new URLSearchParams([[parameter, token]]).toString();
  const kept = target.search.replace(/^\?/, '');
  target.search = kept === '' ? pair : `${kept}&${pair}`;
  return target;
}

function quote(url: string): string {
  return url.length > 80 ? `'${url.slice(0, 80)}…'` : `'${url}'`;
}

/** The 400's message, in the words of the modelled service (profile `wording`). */
function handshakeMessage(rules: HandshakeRules, url: string, failure: HandshakeFailure, detail: string): string {
  if (rules.wording === 'graph') {
    if (failure === 'timedOut') return 'Subscription validation request timed out.';
    return `Subscription validation request failed. ${detail.charAt(0).toUpperCase()}${detail.slice(1)}.`;
  }
  if (failure === 'timedOut') return `Failed to validate the notification URL ${quote(url)}: the validation request timed out.`;
  return `Failed to validate the notification URL ${quote(url)}: ${detail}.`;
}

function isTextPlain(contentType: string | undefined): boolean {
  return contentType !== undefined && /^text\/plain\s*(;|$)/i.test(contentType.trim());
}

function mismatchDetail(body: string, token: string, encoded: string): string {
  if (body === encoded) return 'the answer echoes the token still URL-encoded; it must be the decoded token';
  if (body.trim() === token) return 'the answer is the token with whitespace around it; it must be exactly the token';
  return `the answer is not the validation token (expected ${token.length} characters, got ${body.length})`;
}

export interface HandshakeContext {
  signal: AbortSignal;
  /** The service's own port: a loopback URL on it is the service itself. */
  ownPort: number;
}

export async function validateNotificationUrl(
  notificationUrl: string,
  rules: HandshakeRules,
  ctx: HandshakeContext,
): Promise<HandshakeOutcome> {
  const fail = (failure: HandshakeFailure, detail: string): HandshakeOutcome => ({
    ok: false,
    failure,
    message: handshakeMessage(rules, notificationUrl, failure, detail),
  });
  const target = loopbackTarget(notificationUrl, ctx.ownPort);
  if (!target.ok) {
    switch (target.reason) {
      case 'invalid-url':
        return fail('invalidUrl', 'it is not an absolute http or https URL');
      case 'not-loopback':
        return fail(
          'notLoopback',
          'the reference service only validates loopback notification URLs (127.0.0.0/8, ::1, localhost), so no validation request was sent',
        );
      case 'self':
        return fail('self', 'the notification URL is the reference service itself, so no validation request was sent');
    }
  }
  const token = validationToken(rules.tokenForm);
  const url = handshakeUrl(target.url, rules.tokenParameter, token);
  const result = await postLoopback({
    url,
    headers: { 'content-type': 'text/plain' },
    body: '',
    timeoutMs: rules.timeoutMs,
    maxBodyBytes: MAX_ANSWER_BYTES,
    signal: ctx.signal,
  });
  switch (result.kind) {
    case 'timeout':
      return fail('timedOut', 'the validation request timed out');
    case 'cancelled':
      return fail('cancelled', 'the service is closing');
    case 'unreachable':
      return fail('unreachable', `the notification URL could not be reached (${result.code})`);
    case 'answered': {
      // modelled on public reports (SharePoint/OneDrive: "a status code other than 200 ... the request ... will fail")
      if (result.status !== 200)
        return fail('badStatus', `the receiver answered ${result.status}; it must answer 200 with the validation token as text/plain`);
      const type = result.headers['content-type'];
      if (!isTextPlain(type)) {
        return fail(
          'badContentType',
          `the receiver answered with Content-Type ${type === undefined ? '(none)' : quote(type)}; it must be text/plain`,
        );
      }
      const body = result.body.toString('utf8');
      const encoded = new URLSearchParams([['t', token]]).toString().slice(2);
      // reference choice: exactly the token, no trimming, as "the decoded token" says
      if (result.truncated || body !== token) return fail('tokenMismatch', mismatchDetail(body, token, encoded));
      return { ok: true };
    }
  }
}
