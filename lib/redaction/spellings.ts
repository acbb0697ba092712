/**
 * The ways a secret's characters can reach a file, besides as itself. Escapes that change one character
 * at a time (JSON `\uXXXX` and `\/`, percent-encoding, HTML character references) are undone by
 * decoded-view.ts before matching, so that any mix of them is caught; what cannot be undone a character
 * at a time is listed here as a string of its own:
 * - the UTF-8 bytes read as Latin-1 (a header echoed byte for byte: `é` comes back as `Ã©`);
 * - base64 and base64url of the UTF-8 bytes, at each of the three alignments the secret can have inside
 *   a longer encoded text (`Basic` credentials, a token inside a JWT or a cookie), keeping only the
 *   characters that depend on the secret's bytes alone.
 */

/** Fewest characters of a spelling that count as a fragment of the secret (the threshold). */
export const MIN_FRAGMENT = 8;

/** What to look for: strings, and how many characters of one in a row make a match. */
export interface Needle {
  text: string;
  /** Characters in a row that count: MIN_FRAGMENT, or the whole text when it is shorter. */
  gram: number;
}

function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset += 1) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    // Characters wholly made of the secret's bits: past the offset's bits, before the padding's.
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    cores.push(core, core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return cores;
}

/** The needles of one secret; an empty secret has none. */
export function needlesOf(secret: string): Needle[] {
  if (secret.length === 0) return [];
  const bytes = Buffer.from(secret, 'utf8');
  const texts = new Set<string>([secret, bytes.toString('latin1')]);
  const needles: Needle[] = [...texts].map((text) => ({ text, gram: Math.min(MIN_FRAGMENT, text.length) }));
  // A short secret's base64 is a few common letters: only long enough cores are worth looking for.
  for (const core of new Set(base64Cores(bytes))) {
    if (core.length >= MIN_FRAGMENT && !texts.has(core)) needles.push({ text: core, gram: MIN_FRAGMENT });
  }
  return needles;
}

/**
 * Bytes the longest spelling of the secret can take on the wire: a character as `\uD83D\uDE00`
 * (12 per code point, 6 per UTF-16 unit) or `%F0%9F%98%80` (12 per code point), or `&#x1F600;`.
 * A body is read this far past the recording cap, so that a secret across the cap is seen whole.
 */
export function longestSpellingBytes(secret: string): number {
  return 12 * secret.length + 16;
}
