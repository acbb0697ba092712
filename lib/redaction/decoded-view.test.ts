import fc from 'fast-check';
import { expect, test } from 'vitest';
import { decodedView } from './decoded-view.js';

/**
 * Pieces a raw text is built from, each with what it decodes to (an oracle written apart from the decoder),
 * and for an escape, where each decoded unit comes from in the piece (default: the whole piece).
 */
type Piece = [raw: string, decoded: string, spans?: [number, number][]];
const PIECES: Piece[] = [
  ['a', 'a'],
  ['+', '+'],
  ['é', 'é'],
  ['😀', '😀'],
  ['\\', '\\'],
  ['%', '%'],
  ['&', '&'],
  [';', ';'],
  ['\\u002B', '+'],
  ['\\u002b', '+'],
  [
    '\\uD83D\\uDE00',
    '😀',
    [
      [0, 6],
      [6, 12],
    ],
  ],
  ['\\/', '/'],
  ['\\"', '"'],
  ['\\\\', '\\'],
  ['\\n', '\n'],
  ['%2B', '+'],
  ['%2f', '/'],
  ['%C3%A9', 'é'],
  ['%F0%9F%98%80', '😀'],
  ['%E9', 'é'],
  ['&amp;', '&'],
  ['&#43;', '+'],
  ['&#x2B;', '+'],
  ['&#x1F600;', '😀'],
];

test('the decoded view undoes every escape, and each decoded unit maps back to the raw characters it came from', () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }), (pieces) => {
      // A lone `\`, `%` or `&` followed by a piece that completes an escape would decode differently: keep them apart.
      const raw = pieces.map(([r]) => r).join(' ');
      const expected = pieces.map(([, d]) => d).join(' ');
      const view = decodedView(raw);
      const text = view?.text ?? raw;
      expect(text).toBe(expected);
      let rawAt = 0;
      let unit = 0;
      for (const [r, d, spans] of pieces) {
        for (let k = 0; k < d.length; k += 1, unit += 1) {
          // A piece that is its own spelling maps unit by unit; an escape maps to the whole piece or its own part.
          const [from, to] = r === d ? [k, k + 1] : (spans?.[k] ?? [0, r.length]);
          const start = view === undefined ? unit : view.start(unit);
          const end = view === undefined ? unit + 1 : view.end(unit);
          expect([start, end]).toEqual([rawAt + from, rawAt + to]);
        }
        rawAt += r.length + 1;
        unit += 1; // the space between pieces
      }
    }),
    { seed: 20261123, numRuns: 2000 },
  );
});

test('a text without an escape to undo has no view', () => {
  expect(decodedView('plain text, 100% of it & more \\x')).toBeUndefined();
});
