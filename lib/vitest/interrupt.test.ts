import { expect, test } from 'vitest';
import { InterruptOnce } from './interrupt.js';

test('the first Ctrl-C stops the run and says how; the same press delivered twice is one; a later one exits 130', () => {
  const said: string[] = [];
  const exits: number[] = [];
  let cancels = 0;
  let clock = 0;
  const interrupt = new InterruptOnce({
    say: (l) => said.push(l),
    ledgerDir: '/tmp/ledger',
    exit: (code) => exits.push(code),
    now: () => clock,
  });
  expect([interrupt.interrupted, interrupt.stoppedBy]).toEqual([false, undefined]);
  interrupt.press(() => (cancels += 1));
  expect([interrupt.interrupted, cancels, exits]).toEqual([true, 1, []]);
  expect(said).toEqual([expect.stringMatching(/^probe: Ctrl-C: no new case starts; .* \(Ctrl-C again stops at once\)$/)]);
  // The terminal's press passed on by a launcher arrives again at once: not a second press.
  clock = 200;
  interrupt.press(() => (cancels += 1));
  expect([cancels, exits, said.length]).toEqual([1, [], 1]);
  clock = 2_000;
  interrupt.press(() => (cancels += 1));
  expect([cancels, exits]).toEqual([1, [130]]);
  expect(said[1]).toMatch(/stays listed in the ledger \(\/tmp\/ledger\); npm run cleanup deletes it$/);
});

test('SIGTERM (a CI job cancelled or timed out) stops the run the same way; a second signal exits 143', () => {
  const said: string[] = [];
  const exits: number[] = [];
  let clock = 0;
  const interrupt = new InterruptOnce({ say: (l) => said.push(l), ledgerDir: 'L', exit: (code) => exits.push(code), now: () => clock });
  interrupt.press(() => undefined, 'SIGTERM');
  expect(interrupt.stoppedBy).toBe('SIGTERM');
  expect(said[0]).toMatch(/^probe: SIGTERM: no new case starts; .* \(a second signal stops at once\)$/);
  clock = 5_000;
  interrupt.press(() => undefined, 'SIGTERM');
  expect(exits).toEqual([143]);
});
