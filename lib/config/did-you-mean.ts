/** Levenshtein distance: the fewest single-character edits from one text to the other. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
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
    const d = editDistance(upper, name);
    if (d <= 2 && (best === undefined || d < best.d)) best = { name, d };
  }
  return best?.name;
}
