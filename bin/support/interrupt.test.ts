import { expect, test } from 'vitest';
import { InterruptOnce } from './interrupt.js';

test('the first Ctrl-C asks the run to stop and says how; the same press delivered twice is one; a later one exits 130', () => {
  const said: string[] = [];
  const exits: number[] = [];
  let clock = 0;
  const interrupt = new InterruptOnce({
    say: (l) => said.push(l),
    ledgerDir: '/tmp/ledger',
    cleanup: 'npx subscription-conformance cleanup',
    exit: (code) => exits.push(code),
    now: () => clock,
  });
  expect(interrupt.signal.aborted).toBe(false);
  interrupt.press();
  expect([interrupt.signal.aborted, interrupt.signal.reason, exits]).toEqual([true, 'Ctrl-C', []]);
  expect(said).toEqual([expect.stringMatching(/^probe: Ctrl-C: nothing new is sent; .* \(Ctrl-C again stops at once\)$/)]);
  // The terminal's press passed on by a launcher arrives again at once: not a second press.
  clock = 200;
  interrupt.press();
  expect([exits, said.length]).toEqual([[], 1]);
  clock = 2_000;
  interrupt.press();
  expect(exits).toEqual([130]);
  expect(said[1]).toMatch(/stays listed in the ledger \(\/tmp\/ledger\); npx subscription-conformance cleanup deletes it$/);
});

test('SIGTERM (a CI job cancelled or timed out) stops the run the same way; a second signal exits 143', () => {
  const said: string[] = [];
  const exits: number[] = [];
  let clock = 0;
  const interrupt = new InterruptOnce({
    say: (l) => said.push(l),
    ledgerDir: 'L',
    cleanup: 'c',
    exit: (code) => exits.push(code),
    now: () => clock,
  });
  interrupt.press('SIGTERM');
  expect(interrupt.signal.reason).toBe('SIGTERM');
  expect(said[0]).toMatch(/^probe: SIGTERM: nothing new is sent; .* \(a second signal stops at once\)$/);
  clock = 5_000;
  interrupt.press('SIGTERM');
  expect(exits).toEqual([143]);
});
