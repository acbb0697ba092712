/**
 * Whether a text has the shape of a credential, for values this tool did not make and does not know the
 * secrets of: a recorded body's clientState may hold the sender's bearer token, a notificationUrl a SAS
 * signature. The redactor (./redactor.ts) finds the secrets the run knows; a shape is the only hint about
 * someone else's, so a value that has one is never shown, redacted or not. It errs towards hiding: a long
 * random-looking run counts, as a reader loses little when a nonce is hidden and much when a key is shown.
 */

const SHAPES: readonly RegExp[] = [
  // An Authorization value: a scheme followed by credentials.
  /\b(?:bearer|basic|digest|negotiate|ntlm|token)\s+[\w~+/.=-]{8,}/i,
  // A JWT (header.payload.signature; the header always starts with `{"` encoded).
  /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  // Credentials in a URL (user:password@host) or a parameter named as one (a SAS `sig=`, `api_key=`, `token=`).
  // Bounded, like a scheme and a user name are: unbounded, each start in a long run of letters rescanned the rest
  // of the run (2 s for a 64 KiB value).
  /\b[a-z][\w+.-]{0,31}:\/\/[^\s/:@]{1,256}:[^\s/@]{1,256}@/i,
  /(?:^|[?&;,\s"'{])(?:sig|signature|password|passwd|pwd|secret|client_secret|token|access_token|refresh_token|id_token|api[-_]?key|apikey|key|code)\s*[=:]\s*["']?[^\s&"']{6,}/i,
  // Well-known token prefixes: GitHub, Slack, OpenAI-style, AWS access keys, Google API keys.
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,}|xox[abpors]-[\w-]{10,}|sk-[\w-]{20,}|AKIA[0-9A-Z]{16}|AIza[\w-]{30,})/,
];

/** A run of token characters at least this long with upper and lower case letters and digits: random, like a key. */
const RANDOM_RUN = /[A-Za-z0-9+/_=-]{24,}/g;
/** A run of hex digits at least this long: a key, a hash used as a password, a signature. */
const HEX_RUN = /(?<![0-9a-f])[0-9a-f]{32,}(?![0-9a-f])/i;

export function looksLikeSecret(text: string): boolean {
  if (SHAPES.some((shape) => shape.test(text)) || HEX_RUN.test(text)) return true;
  for (const [run] of text.matchAll(RANDOM_RUN)) {
    if (/[a-z]/.test(run) && /[A-Z]/.test(run) && /\d/.test(run)) return true;
  }
  return false;
}
