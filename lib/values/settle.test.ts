import { describe, expect, test } from 'vitest';
import { IntermittentRefusals, settle, type AskAnswer } from './settle.js';
import { backend, busy, none, ok, tooLong } from '../../test/support/ask-answers.js';

/** Settles over the answers given in turn; how many were asked. */
async function over(answers: AskAnswer[], seen = new IntermittentRefusals(), extra: { acceptedBefore?: boolean } = {}) {
  let i = 0;
  const settled = await settle(
    () => Promise.resolve(answers[i++] ?? none),
    (a) => a,
    { seen, ...extra },
  );
  return { ...settled, asked: i, seen };
}

describe('settle: never a verdict from one refusal', () => {
  test.each([
    ['a 2xx at once', [ok], 'accepted', 1],
    ['a refusal naming the field, confirmed by a second ask', [tooLong, tooLong], 'rejected', 2],
    ['a refusal about nothing in the body needs a third', [backend, backend, backend], 'rejected', 3],
    ['a refusal a second ask answers 2xx: accepted', [backend, ok], 'accepted', 2],
    ['two refusals of one kind, then a 2xx, not confirmed (needs three)', [backend, backend, ok], 'accepted', 3],
    ['two kinds of refusal, the second confirmed', [backend, tooLong, tooLong], 'rejected', 3],
    ['two kinds taking turns, neither confirmed: undetermined after the most asks', [backend, busy, backend, busy], 'undetermined', 4],
    ['two kinds taking turns, one naming the field: confirmed on its second', [backend, tooLong, backend, tooLong], 'rejected', 4],
    ['no verdict', [none], 'unknown', 1],
  ] as const)('%s', async (_name, answers, verdict, asked) => {
    const settled = await over([...answers]);
    expect(settled.verdict).toBe(verdict);
    expect(settled.asked).toBe(asked);
  });

  test('an intermittent refusal is counted (k of n asks) with its message, and known to the run from then on', async () => {
    const first = await over([backend, backend, ok]);
    expect(first.intermittent).toEqual({ shown: backend.shown, refused: 2, asks: 3 });
    expect(first.seen.has(backend.kind)).toBe(true);
    // Known intermittent: it never counts alone, even four times over.
    const later = await over([backend, backend, backend, backend], first.seen);
    expect(later.verdict).toBe('undetermined');
    expect(later.why).toBe(
      `no refusal confirmed in 4 asks: refused ${backend.shown} 4 times (a refusal this run has seen on a body the target also accepted)`,
    );
  });

  test('a body accepted before and now refused, confirmed: a contradiction, undetermined with the evidence', async () => {
    const settled = await over([tooLong, tooLong], new IntermittentRefusals(), { acceptedBefore: true });
    expect(settled.verdict).toBe('undetermined');
    expect(settled.why).toBe(`the answers contradict each other: accepted before, then refused ${tooLong.shown} twice`);
  });

  test('a body accepted before, refused once, then accepted: accepted, the refusal intermittent', async () => {
    const settled = await over([backend, ok], new IntermittentRefusals(), { acceptedBefore: true });
    expect(settled).toMatchObject({ verdict: 'accepted', intermittent: { refused: 1, asks: 3 } });
  });

  test('the decisive ask of a refusal is the last of the confirming kind', async () => {
    const answers = [backend, tooLong, tooLong];
    let i = 0;
    const settled = await settle(
      () => Promise.resolve(i++),
      (n) => answers[n] ?? none,
      { seen: new IntermittentRefusals() },
    );
    expect(settled).toMatchObject({ verdict: 'rejected', decisive: 2, asks: [0, 1, 2] });
  });

  test('a refusal naming nothing waits before it counts, and does not count when the wait showed it on an accepted body', async () => {
    const seen = new IntermittentRefusals();
    const held: string[] = [];
    const answers = [backend, backend, backend, ok];
    let i = 0;
    const settled = await settle(
      () => Promise.resolve(answers[i++] ?? none),
      (a) => a,
      {
        seen,
        beforeCounting: async (r) => {
          held.push(r.shown);
          // Another body asked meanwhile met the same refusal and was then accepted.
          seen.note(r.kind, r.shown);
          return { counts: true };
        },
      },
    );
    expect(held).toEqual([backend.shown]);
    expect(settled).toMatchObject({ verdict: 'accepted', intermittent: { refused: 3, asks: 4 } });
  });

  test('a refusal naming nothing the wait did not show elsewhere counts; one naming the field never waits', async () => {
    const held: AskAnswer[] = [];
    const beforeCounting = async (r: AskAnswer) => {
      held.push(r);
      return { counts: true };
    };
    const answers = [backend, backend, backend, tooLong, tooLong];
    let i = 0;
    const ask = () => Promise.resolve(answers[i++] ?? none);
    const nameless = await settle(ask, (a) => a, { seen: new IntermittentRefusals(), beforeCounting });
    expect(nameless.verdict).toBe('rejected');
    const named = await settle(ask, (a) => a, { seen: new IntermittentRefusals(), beforeCounting });
    expect(named.verdict).toBe('rejected');
    expect(held).toEqual([backend]);
  });

  test('a refusal naming nothing the checks do not let count: asked on, then undetermined with their reason', async () => {
    const why = "its base body, asked again 8 times, was accepted 2 times: the refusal is not shown to be the value's";
    let i = 0;
    const settled = await settle(
      () => Promise.resolve([backend, backend, backend, backend][i++] ?? none),
      (a) => a,
      { seen: new IntermittentRefusals(), beforeCounting: async () => ({ counts: false, why }) },
    );
    expect(settled.verdict).toBe('undetermined');
    expect(settled.why).toBe(`no refusal confirmed in 4 asks: refused ${backend.shown} 4 times (${why})`);
  });
});
