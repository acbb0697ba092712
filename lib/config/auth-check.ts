/**
 * Rules between the token settings: exactly one token source (a token, or client credentials), and
 * client credentials complete (endpoint, client id, scope, one credential). One line per problem.
 */
const TOKEN = ['ACCESS_TOKEN', 'ACCESS_TOKEN_FILE'] as const;
const ENDPOINT = ['TOKEN_URL', 'TENANT_ID'] as const;
const CREDENTIALS = ['CLIENT_SECRET', 'CLIENT_SECRET_FILE', 'CLIENT_CERTIFICATE_FILE', 'CLIENT_ASSERTION_FILE'] as const;
/** Settings that ask for client credentials (GitHub's ACTIONS_* are set by the runner, not by the user). */
export const CLIENT_CREDENTIAL_SETTINGS = [...ENDPOINT, 'CLIENT_ID', 'SCOPE', ...CREDENTIALS] as const;

/**
 * Without BASE_URL the credentials are not an error, only unused (the embedded reference accepts the token it
 * generates; the run says so), and .env may hold them.
 */
export function authProblems(isGiven: (name: string) => boolean): string[] {
  const oauth = CLIENT_CREDENTIAL_SETTINGS.filter(isGiven);
  if (oauth.length === 0) return [];
  const token = TOKEN.filter(isGiven);
  if (token.length > 0) {
    return [
      `${[...token, ...oauth].join(' and ')}: give one token source, not both: a token (ACCESS_TOKEN or ACCESS_TOKEN_FILE) ` +
        'or client credentials (TOKEN_URL or TENANT_ID, CLIENT_ID, SCOPE and one credential)',
    ];
  }
  const missing: string[] = [];
  if (!ENDPOINT.some(isGiven)) missing.push('TOKEN_URL or TENANT_ID');
  if (!isGiven('CLIENT_ID')) missing.push('CLIENT_ID');
  if (!isGiven('SCOPE')) missing.push('SCOPE');
  const github = isGiven('ACTIONS_ID_TOKEN_REQUEST_URL') && isGiven('ACTIONS_ID_TOKEN_REQUEST_TOKEN');
  if (!CREDENTIALS.some(isGiven) && !github) {
    missing.push(
      "a credential (CLIENT_SECRET, CLIENT_SECRET_FILE, CLIENT_CERTIFICATE_FILE, CLIENT_ASSERTION_FILE, or GitHub Actions' OIDC token: permissions id-token: write)",
    );
  }
  const problems: string[] = [];
  if (missing.length > 0) {
    // The line starts with a setting: the first one missing, or (only a credential missing) the first one given.
    const first = missing[0]?.startsWith('a credential') === false ? missing[0].split(' ')[0] : oauth[0];
    problems.push(`${first ?? 'CLIENT_ID'}: client credentials (${oauth.join(', ')} given) also need ${missing.join(', ')}`);
  }
  return problems;
}

/** Every setting of a token request, the runner's included: what a command that sends nothing leaves unread (a merge of shard reports). */
export const TOKEN_REQUEST_SETTINGS: readonly string[] = [
  ...CLIENT_CREDENTIAL_SETTINGS,
  'ACTIONS_ID_TOKEN_REQUEST_URL',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
];
