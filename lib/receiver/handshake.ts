/** The validation handshake, receiver side (reference-notes: SharePoint `validationtoken`, Graph `validationToken`). */

export interface ValidationRequest {
  parameter: string;
  /** Decoded as form data (as the services encode it: `+` is a space, `%2B` a plus). */
  token: string;
}

/** The validation token in a request target's query, whatever the parameter's letter case; undefined when none. */
export function validationRequest(target: string): ValidationRequest | undefined {
  const at = target.indexOf('?');
  if (at < 0) return undefined;
  const query = target.slice(at + 1).split('#')[0] ?? '';
  for (const [name, value] of new URLSearchParams(query)) {
    if (name.toLowerCase() === 'validationtoken') return { parameter: name, token: value };
  }
  return undefined;
}

/** What `wrong` mode answers: never the token. */
export function wrongToken(token: string): string {
  return `not-the-token-${token.length}`;
}
