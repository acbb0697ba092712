/**
 * The longest start of `text` whose UTF-8 form fits in `maxBytes`, never splitting a character.
 * Counts bytes character by character instead of encoding the text: a recorded body of a megabyte is
 * cut without another megabyte of garbage.
 */
export function cutUtf8(text: string, maxBytes: number): string {
  // Each UTF-16 unit is at most 3 UTF-8 bytes: a text this short fits without counting.
  if (text.length * 3 <= maxBytes) return text;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    const isPair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : isPair ? 4 : 3;
    if (bytes + size > maxBytes) return text.slice(0, i);
    bytes += size;
    if (isPair) i += 1;
  }
  return text;
}
