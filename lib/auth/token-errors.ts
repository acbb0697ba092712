/**
 * A token endpoint error as one line: which endpoint, its error code (and AADSTS code), and the
 * setting to check. Never a secret: the endpoint's description is cut to its first sentence and
 * scrubbed of everything the request carried.
 */
import * as oidc from 'openid-client';
import { scrub } from '../redaction/scrub.js';
import type { Secret } from '../secret.js';
import { TokenRequestError } from '../errors.js';

export interface ErrorContext {
  host: string;
  endpointSetting: 'TOKEN_URL' | 'TENANT_ID';
  credentialSetting: string;
  secrets: readonly Secret[];
}

/** AADSTS codes (Microsoft identity platform error codes) and the setting each points at. */
const AADSTS_SETTING: Readonly<Record<string, 'endpoint' | 'client' | 'scope' | 'credential' | 'federation'>> = {
  '90002': 'endpoint', // tenant not found
  '900023': 'endpoint', // invalid tenant identifier
  '90013': 'endpoint',
  '700016': 'client', // application not found in the directory
  '7000112': 'client', // application disabled
  '70011': 'scope', // invalid scope
  '1002012': 'scope', // scope not valid (e.g. missing /.default)
  '500011': 'scope', // resource principal not found in the tenant
  '7000215': 'credential', // invalid client secret
  '7000222': 'credential', // client secret expired
  '700027': 'credential', // assertion signature / certificate not registered
  '700024': 'credential', // assertion not within its valid time range
  '700023': 'credential',
  '50012': 'credential',
  '70021': 'federation', // no federated identity record matches the assertion
  '700211': 'federation', // no matching federated identity record for the issuer
  '700212': 'federation', // no matching federated identity record for the audience
  '700213': 'federation', // no matching federated identity record for the subject
};

const CODE_SETTING: Readonly<Record<string, 'client' | 'scope' | 'credential'>> = {
  invalid_client: 'credential',
  unauthorized_client: 'client',
  invalid_scope: 'scope',
  invalid_target: 'scope',
};

function settingToCheck(kind: 'endpoint' | 'client' | 'scope' | 'credential' | 'federation' | undefined, c: ErrorContext): string {
  switch (kind) {
    case 'endpoint':
      return c.endpointSetting;
    case 'client':
      return `CLIENT_ID (registered in the tenant of ${c.endpointSetting}?)`;
    case 'scope':
      return 'SCOPE (the resource followed by /.default, e.g. https://contoso.sharepoint.com/.default)';
    case 'credential':
      return c.credentialSetting;
    case 'federation':
      return `the app registration's federated credential (issuer, subject, audience) against ${c.credentialSetting}`;
    default:
      return `CLIENT_ID, SCOPE and ${c.credentialSetting}`;
  }
}

/** The first sentence of a description, without the AADSTS prefix and the trace/correlation ids. */
function firstSentence(description: string, c: ErrorContext): string {
  const text = description.replace(/^AADSTS\d+:\s*/, '').split(/\r?\n|(?<=\.)\s/)[0] ?? '';
  const cut = text.length > 120 ? `${text.slice(0, 117)}...` : text;
  return c.secrets.reduce((t, s) => scrub(t, s), cut.replace(/[^\x20-\x7e]/g, ''));
}

export function tokenErrorLine(error: unknown, c: ErrorContext): string {
  if (error instanceof TokenRequestError) return error.message;
  if (error instanceof oidc.ResponseBodyError) {
    const code = String(error.error)
      .replace(/[^\w.-]/g, '')
      .slice(0, 64);
    const description = typeof error.error_description === 'string' ? error.error_description : '';
    const aadsts = /AADSTS(\d+)/.exec(description)?.[1];
    const kind = (aadsts !== undefined ? AADSTS_SETTING[aadsts] : undefined) ?? CODE_SETTING[code];
    const said = description === '' ? '' : ` (${firstSentence(description, c)})`;
    return `token: ${c.host} refused the token request: HTTP ${error.status} ${code}${aadsts !== undefined ? ` AADSTS${aadsts}` : ''}${said}; check ${settingToCheck(kind, c)}`;
  }
  const code = (error as { code?: unknown }).code;
  if (code === 'OAUTH_TIMEOUT') return `token: no answer from ${c.host} in time; check ${c.endpointSetting} and the network`;
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON') {
    const status = ((error as { cause?: { status?: unknown } }).cause?.status as number | undefined) ?? 'with no usable body';
    return `token: ${c.host} did not answer as a token endpoint (HTTP ${String(status)}, no OAuth error); check ${c.endpointSetting}`;
  }
  if (typeof code === 'string' && code.startsWith('OAUTH_')) {
    return `token: the answer of ${c.host} is not a usable token response (${code}); check ${c.endpointSetting}`;
  }
  return `token: no answer from ${c.host} (connection failed); check ${c.endpointSetting} and the network`;
}
