import { StringDecoder } from 'node:string_decoder';

/** The longest start of `text` whose UTF-8 form fits in `maxBytes`, never splitting a character. */
export function cutUtf8(text: string, maxBytes: number): string {
  // Each UTF-16 unit is at most 3 UTF-8 bytes: a text this short fits without encoding it.
  if (text.length * 3 <= maxBytes) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  return new StringDecoder('utf8').write(bytes.subarray(0, maxBytes));
}
