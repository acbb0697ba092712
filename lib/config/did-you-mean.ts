/** Levenshtein distance: the fewest single-character edits from one text to the other. */
export function editDistance(a: string, b: string): number {
  return distanceWithin(a, b, Number.POSITIVE_INFINITY) ?? 0;
}

/**
 * editDistance when it is at most `max`, else undefined: stops at the first row of the table whose every cell is over
 * `max`, which two unrelated names reach within a few letters.
 */
function distanceWithin(a: string, b: string, max: number): number | undefined {
  if (Math.abs(a.length - b.length) > max) return undefined;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      const cell = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
      current.push(cell);
      if (cell < least) least = cell;
    }
    if (least > max) return undefined;
    previous = current;
  }
  const d = previous[b.length] ?? 0;
  return d <= max ? d : undefined;
}

/**
 * The known name a key was probably meant to be (case-insensitive, at most two edits), or undefined.
 * Catches `.env` typos such as MAX_REQUEST that would otherwise fall back to a default silently.
 */
export function didYouMean(key: string, known: readonly string[]): string | undefined {
  if (known.includes(key) || key.length < 5) return undefined;
  const upper = key.toUpperCase();
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    // Every start reads each variable of the environment against every setting, before the JIT has warmed up: the
    // full table of each pair took 22 ms of a start's 300.
    const d = distanceWithin(upper, name, 2);
    if (d !== undefined && (best === undefined || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/**
 * The longest known name that `key` holds whole, word for word between underscores, with a word or two more
 * (MAX_REQUESTS_PER_SECOND holds REQUESTS_PER_SECOND), or undefined. Such a key is too far from the name for
 * didYouMean, and the setting it was meant to be would keep its default unseen.
 */
export function heldName(key: string, known: readonly string[]): string | undefined {
  const words = key.toUpperCase().split('_');
  let best: string[] | undefined;
  for (const name of known) {
    const inner = name.split('_');
    const extra = words.length - inner.length;
    if (extra < 1 || extra > 2 || (best !== undefined && best.length >= inner.length)) continue;
    for (let at = 0; at <= extra; at++) {
      if (inner.every((word, i) => words[at + i] === word)) {
        best = inner;
        break;
      }
    }
  }
  return best?.join('_');
}
