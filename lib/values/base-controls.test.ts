import { expect, test } from 'vitest';
import { BaseControls, CONTROL_ACCEPTS, MAX_CONTROL_ASKS } from './base-controls.js';
import { IntermittentRefusals, type AskAnswer } from './settle.js';
import { backend, busy, ok } from '../../test/support/ask-answers.js';

/** A base that answers `answers` in turn (accepted after them), counting its asks. */
function base(answers: AskAnswer[], then: AskAnswer = ok) {
  let i = 0;
  return { ask: async () => answers[i++] ?? then, asks: () => i };
}

test('the base accepted every time: a refusal naming nothing counts, and later values of that base ask nothing more', async () => {
  const controls = new BaseControls(new IntermittentRefusals());
  const control = base([]);
  expect(await controls.check(backend, 'b', control.ask)).toEqual({ counts: true });
  expect(await controls.check(busy, 'b', control.ask)).toEqual({ counts: true });
  expect(control.asks()).toBe(CONTROL_ACCEPTS);
  expect(controls.asked).toBe(CONTROL_ACCEPTS);
  // Another base is checked on its own.
  const second = base([backend]);
  expect(await controls.check(backend, 'other base', second.ask)).toEqual({ counts: false });
});

test('the base refused alike: chance, known to the run; a kind it never met still counts when it was accepted enough', async () => {
  const seen = new IntermittentRefusals();
  const controls = new BaseControls(seen);
  const control = base([ok, backend, ok]);
  expect(await controls.check(backend, 'b', control.ask)).toEqual({ counts: false });
  expect(seen.has(backend.kind)).toBe(true);
  expect(control.asks()).toBe(CONTROL_ACCEPTS + 1);
  expect(await controls.check(busy, 'b', control.ask)).toEqual({ counts: true });
});

test('a base not accepted enough: nothing counts, with the reason; never accepted, its refusals are not chance', async () => {
  const seen = new IntermittentRefusals();
  const flaky = await new BaseControls(seen).check(backend, 'b', base([busy, busy, busy]).ask);
  expect(flaky).toEqual({
    counts: false,
    why: `its base body, asked again ${MAX_CONTROL_ASKS} times, was accepted ${CONTROL_ACCEPTS - 1} times: the refusal is not shown to be the value's`,
  });
  const refused = new IntermittentRefusals();
  const never = await new BaseControls(refused).check(backend, 'b', base([], busy).ask);
  expect(never.why).toBe(
    `its base body, asked again ${MAX_CONTROL_ASKS} times, was never accepted: the refusal is not shown to be the value's`,
  );
  expect(refused.has(busy.kind)).toBe(false);
});
