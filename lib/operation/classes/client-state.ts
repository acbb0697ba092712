import type { ValueClass, ValueContext } from '../types.js';
import { wrongJsonTypes } from './wrong-types.js';

const SPEC = 'spec §2 (clientState: free-form string)';
const LENGTH = `${SPEC}; open: spec §8 (size bounds not shown)`;

/** A clientState of exactly `length` characters that still starts with the per-request tag. */
export function clientStateOfLength(length: number, ctx: ValueContext): string {
  return `probe-${ctx.unique}-`.padEnd(length, 'x').slice(0, length);
}

const ofLength = (length: number): ValueClass => ({
  id: `length-${length}`,
  description: length === 1 ? '1 character' : `${length} characters`,
  value: (ctx) => clientStateOfLength(length, ctx),
  specRef: LENGTH,
  expectation: 'spec-form',
});

/**
 * Values of clientState. The spec calls it free-form, so every string has its form; the lengths
 * sit either side of the bounds known services use (reference-notes: Graph 128, one page 255).
 */
export function clientStateClasses(good: (ctx: ValueContext) => string): ValueClass[] {
  return [
    { id: 'empty', description: 'empty string', value: () => '', specRef: LENGTH, expectation: 'spec-form' },
    ...[1, 128, 129, 255, 256, 4096].map(ofLength),
    { id: 'unicode', description: 'unicode text', value: (ctx) => `état-漢字-🙂-${ctx.unique}`, specRef: SPEC, expectation: 'spec-form' },
    {
      id: 'control-characters',
      description: 'control characters',
      value: (ctx) => `tab\there\nnul\u0000bell\u0007-${ctx.unique}`,
      specRef: SPEC,
      expectation: 'spec-form',
    },
    ...wrongJsonTypes(good),
  ];
}
