/**
 * Federated assertions (workload identity federation): the client proves itself with a JWT that
 * another issuer signed, so no secret is stored. From a file (a Kubernetes projected token, read again
 * for each request as it rotates), or from GitHub Actions' OIDC endpoint with the audience the
 * Microsoft identity platform expects.
 */
import { readFileSync } from 'node:fs';
import type { Secret } from '../secret.js';
import { TokenRequestError } from '../errors.js';

const ENTRA_FEDERATION_AUDIENCE = 'api://AzureADTokenExchange';

const JWT = /^[\w-]+\.[\w-]+\.[\w-]*$/;

export function readAssertionFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new TokenRequestError(
      `token: cannot read the assertion file ${JSON.stringify(path)}${typeof code === 'string' ? ` (${code})` : ''}; check CLIENT_ASSERTION_FILE`,
    );
  }
  if (!JWT.test(text))
    throw new TokenRequestError(
      `token: the assertion file ${JSON.stringify(path)} does not hold a JWT (value not shown); check CLIENT_ASSERTION_FILE`,
    );
  return text;
}

/** GET ACTIONS_ID_TOKEN_REQUEST_URL&audience=... with the runner's bearer; the answer is {"value": "<jwt>"}. */
export async function requestGithubOidcToken(requestUrl: string, bearer: Secret, timeoutMs: number): Promise<string> {
  const url = new URL(requestUrl);
  url.searchParams.set('audience', ENTRA_FEDERATION_AUDIENCE);
  const check = "check the job's permissions (id-token: write) and ACTIONS_ID_TOKEN_REQUEST_URL";
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `bearer ${bearer.reveal()}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const why = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'no answer (connection failed)';
    throw new TokenRequestError(`token: GitHub's OIDC endpoint ${url.host} gave ${why}; ${check}`);
  }
  const text = await response.text().catch(() => '');
  let value: unknown;
  try {
    value = (JSON.parse(text) as { value?: unknown }).value;
  } catch {
    value = undefined;
  }
  if (!response.ok || typeof value !== 'string' || !JWT.test(value)) {
    throw new TokenRequestError(`token: GitHub's OIDC endpoint ${url.host} answered HTTP ${response.status} without a token; ${check}`);
  }
  return value;
}
