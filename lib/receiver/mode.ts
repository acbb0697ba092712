import { NORMAL_MODE, type ReceiverMode } from './types.js';

export const MAX_DELAY_MS = 60_000;

const TOKEN = new Set(['echo', 'wrong']);
const FAIL = new Set(['never', 'once', 'always']);

/** Checks a (partial) mode from code or JSON; what is not given is normal. Throws a RangeError naming `api`. */
export function checkMode(input: unknown, api = 'setMode'): ReceiverMode {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new RangeError(`${api}: the mode must be an object`);
  const o = input as Record<string, unknown>;
  const unknownKey = Object.keys(o).find((k) => !(k in NORMAL_MODE));
  if (unknownKey !== undefined) throw new RangeError(`${api}: unknown mode option '${unknownKey}'; known: token, delayMs, fail`);
  const mode: ReceiverMode = { ...NORMAL_MODE };
  if (o['token'] !== undefined) {
    if (!TOKEN.has(o['token'] as string)) throw new RangeError(`${api}: token must be 'echo' or 'wrong'`);
    mode.token = o['token'] as ReceiverMode['token'];
  }
  if (o['delayMs'] !== undefined) {
    const d = o['delayMs'];
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > MAX_DELAY_MS) {
      throw new RangeError(`${api}: delayMs must be a whole number from 0 to ${MAX_DELAY_MS}`);
    }
    mode.delayMs = d;
  }
  if (o['fail'] !== undefined) {
    if (!FAIL.has(o['fail'] as string)) throw new RangeError(`${api}: fail must be 'never', 'once' or 'always'`);
    mode.fail = o['fail'] as ReceiverMode['fail'];
  }
  return mode;
}
