import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { PresenceAnswer } from '../rule/answer.js';
import { kindOf } from '../protocol/refusal-kind.js';
import { defaultMaxSteps, defaultSettledSteps, findLimit, findLimitSettled } from './find-limit.js';
import { IntermittentRefusals, type AskAnswer } from './settle.js';

/** A fake target that accepts every x up to `limit`, counting the probes it gets. */
function upTo(limit: number): ((x: number) => Promise<PresenceAnswer>) & { calls: number[] } {
  const calls: number[] = [];
  const probe = (x: number): Promise<PresenceAnswer> => {
    calls.push(x);
    return Promise.resolve(x <= limit ? 'accepted' : 'rejected');
  };
  return Object.assign(probe, { calls });
}

describe('findLimit', () => {
  test('pins the largest accepted value to the integer', async () => {
    const probe = upTo(42_300);

    const result = await findLimit(probe, 1, 10 * 365 * 24 * 60);

    expect(result).toMatchObject({ largestAccepted: 42_300, smallestRejected: 42_301, end: 'exact' });
    expect(result.note).toBeUndefined();
    expect(result.probes).toBe(probe.calls.length);
    expect(result.steps.slice(0, 2)).toEqual([
      { x: 1, answer: 'accepted' },
      { x: 5_256_000, answer: 'rejected' },
    ]);
  });

  test('needs about log2(high - low) probes beyond the two ends', async () => {
    const result = await findLimit(upTo(255), 1, 4096);

    expect(result.largestAccepted).toBe(255);
    expect(result.probes).toBeLessThanOrEqual(2 + 12);
  });

  test('finds every limit inside the range, and each end as well (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        async (low, span, offset) => {
          const high = low + span;
          const limit = low + (offset % span); // in [low, high - 1]
          const result = await findLimit(upTo(limit), low, high);
          expect(result.largestAccepted).toBe(limit);
          expect(result.smallestRejected).toBe(limit + 1);
          expect(result.probes).toBeLessThanOrEqual(defaultMaxSteps(low, high));
        },
      ),
      { seed: 20_240_401 },
    );
  });

  test('high accepted: says the target accepted up to the largest value tried', async () => {
    const result = await findLimit(upTo(1_000_000), 1, 4096);

    expect(result).toMatchObject({ largestAccepted: 4096, smallestRejected: undefined, end: 'high-accepted', probes: 2 });
    expect(result.note).toBe('accepted up to the largest value tried (4096): the limit, if any, is higher');
  });

  test('low rejected: pins no limit and says why', async () => {
    const result = await findLimit(upTo(0), 1, 4096);

    expect(result).toMatchObject({ largestAccepted: undefined, smallestRejected: 1, end: 'low-rejected', probes: 1 });
    expect(result.note).toMatch(/^the smallest value tried \(1\) was rejected: no limit pinned/);
  });

  test('an unknown answer is asked once more and then counts as what came back', async () => {
    let unknownsLeft = 1;
    const inner = upTo(100);
    const probe = (x: number): Promise<PresenceAnswer> => {
      if (x === 2048 && unknownsLeft > 0) {
        unknownsLeft -= 1;
        return Promise.resolve('unknown');
      }
      return inner(x);
    };

    const result = await findLimit(probe, 1, 4096);

    expect(result.largestAccepted).toBe(100);
    expect(result.steps.filter((s) => s.x === 2048)).toEqual([
      { x: 2048, answer: 'unknown' },
      { x: 2048, answer: 'rejected' },
    ]);
  });

  test('two unknown answers stop the search with a note and infer nothing more', async () => {
    const inner = upTo(100);
    const probe = (x: number): Promise<PresenceAnswer> => (x === 64 ? Promise.resolve('unknown') : inner(x));

    const result = await findLimit(probe, 1, 4096);

    // 1 ok, 4096 no, 2048 no, 1024 no, 512 no, 256 no, 128 no, 64 unknown twice.
    expect(result).toMatchObject({ largestAccepted: 1, smallestRejected: 128, end: 'no-answer' });
    expect(result.steps.at(-1)).toEqual({ x: 64, answer: 'unknown' });
    expect(result.note).toBe('no answer for 64 after a retry: search stopped, nothing inferred past what was seen');
  });

  test('an unknown end stops the search before any inference', async () => {
    const result = await findLimit(() => Promise.resolve('unknown'), 1, 4096);

    expect(result).toMatchObject({ largestAccepted: undefined, smallestRejected: undefined, probes: 2, end: 'no-answer' });
    expect(result.note).toMatch(/^no answer for 1 after a retry/);
  });

  test('never makes more than maxSteps probes, and says where the limit lies', async () => {
    const probe = upTo(1000);

    const result = await findLimit(probe, 1, 4096, 5);

    expect(probe.calls).toHaveLength(5);
    expect(result.end).toBe('max-steps');
    // 1 ok, 4096 no, 2048 no, 1024 no, 512 ok.
    expect(result).toMatchObject({ largestAccepted: 512, smallestRejected: 1024 });
    expect(result.note).toBe('stopped after 5 requests (the most allowed): the limit lies between 512 and 1023');
  });

  test.each([
    [1.5, 10, 20, 'findLimit low and high should be integers, got 1.5 and 10'],
    [10, 10, 20, 'findLimit high should be greater than low, got low 10 and high 10'],
    [1, 10, 1, 'findLimit maxSteps should be an integer of 2 or more (low and high are confirmed first), got 1'],
  ])('checks its arguments: low %s high %s maxSteps %s', async (low, high, maxSteps, message) => {
    await expect(findLimit(upTo(5), low, high, maxSteps)).rejects.toThrow(new RangeError(message));
  });
});

/** Answers of a settled search: accepted up to `limit`, past it a refusal naming the field; `intermittent(x, n)` refuses otherwise. */
function settledTarget(
  limit: number,
  intermittent: (x: number, ask: number) => boolean = () => false,
): ((x: number) => Promise<AskAnswer>) & { calls: number[] } {
  const calls: number[] = [];
  const probe = (x: number): Promise<AskAnswer> => {
    calls.push(x);
    if (x <= limit && intermittent(x, calls.length)) return Promise.resolve(BACKEND);
    return Promise.resolve(x <= limit ? { outcome: 'accepted' } : TOO_LONG);
  };
  return Object.assign(probe, { calls });
}
const TOO_LONG: AskAnswer = {
  outcome: 'rejected',
  kind: kindOf(400, 'invalidRequest', '<field> is too long'),
  namesField: true,
  shown: 'too long',
};
/** A refusal that names nothing, the same for every value past the limit: a target that says nothing of why. */
const GENERIC: AskAnswer = {
  outcome: 'rejected',
  kind: kindOf(400, 'invalidRequest', 'The request is malformed or incorrect.'),
  namesField: false,
  shown: '400 invalidRequest "The request is malformed or incorrect."',
};
const BACKEND: AskAnswer = { outcome: 'rejected', kind: kindOf(400, 'invalidRequest', 'backend busy'), namesField: false, shown: 'busy' };

/** A seeded stream of numbers in [0, 1): a backend's chance refusals, the same for a seed. */
function seededRoll(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('findLimitSettled', () => {
  test('a refusal is asked again once per kind, and both edges again, each settled on its own, before the limit is stated', async () => {
    const probe = settledTarget(255);

    const result = await findLimitSettled(probe, 1, 4096, { seen: new IntermittentRefusals() });

    expect(result).toMatchObject({ end: 'exact', largestAccepted: 255, smallestRejected: 256 });
    expect(result.intermittent).toBeUndefined();
    expect(result.candidate).toBeUndefined();
    // The first refusal (4096) twice; every later one of its kind once; at the end 255 once more, then 256 settled
    // on its own (twice: its refusal names the field), one right after the other.
    expect(probe.calls.filter((x) => x === 4096)).toHaveLength(2);
    expect(probe.calls.slice(-3)).toEqual([255, 256, 256]);
    expect(result.probes).toBe(probe.calls.length);
    expect(result.probes).toBeLessThanOrEqual(defaultMaxSteps(1, 4096) + 4);
  });

  test.each([
    [100, 1, 4096],
    [4320, 1, 5_256_000],
    [4230, 1, 5_256_000],
  ])('refusals that name nothing: a limit of %i in [%i, %i] is pinned within the default budget', async (limit, low, high) => {
    const calls: number[] = [];
    const probe = (x: number): Promise<AskAnswer> => {
      calls.push(x);
      return Promise.resolve(x <= limit ? { outcome: 'accepted' } : GENERIC);
    };

    const result = await findLimitSettled(probe, low, high, { seen: new IntermittentRefusals() });

    expect(result).toMatchObject({ end: 'exact', largestAccepted: limit, smallestRejected: limit + 1 });
    expect(result.probes).toBeLessThanOrEqual(defaultSettledSteps(low, high));
    // The edges settled on their own at the end: the limit once more, the next value three times (it names nothing).
    expect(calls.slice(-4)).toEqual([limit, limit + 1, limit + 1, limit + 1]);
  });

  test('a limit the refusal states is checked at its edges first: fewer asks, the same limit', async () => {
    const stating = (x: number): Promise<AskAnswer> =>
      Promise.resolve(
        x <= 4230 ? { outcome: 'accepted' } : { ...GENERIC, message: 'Subscription expiration can only be 4230 minutes in the future.' },
      );
    const calls: number[] = [];
    const probe = (x: number): Promise<AskAnswer> => {
      calls.push(x);
      return stating(x);
    };

    const result = await findLimitSettled(probe, 1, 5_256_000, { seen: new IntermittentRefusals(), unit: 'minutes' });

    expect(result).toMatchObject({
      end: 'exact',
      largestAccepted: 4230,
      smallestRejected: 4231,
      candidate: { value: 4230, from: 'stated' },
    });
    // 1, the top three times, 4230, 4231 three times.
    expect(calls).toEqual([1, 5_256_000, 5_256_000, 5_256_000, 4230, 4231, 4231, 4231]);
  });

  test('a stated or documented number that is not the limit only narrows the gap: the halvings find the true one', async () => {
    const calls: number[] = [];
    const probe = (x: number): Promise<AskAnswer> => {
      calls.push(x);
      // The message states the length sent (past the limit) and a wrong maximum (under it).
      return Promise.resolve(
        x <= 300 ? { outcome: 'accepted' } : { ...GENERIC, message: `The value is ${x} characters long; at most 255 are allowed.` },
      );
    };

    const result = await findLimitSettled(probe, 1, 4096, {
      seen: new IntermittentRefusals(),
      unit: 'characters',
      documented: [128, 5000],
    });

    expect(result).toMatchObject({ end: 'exact', largestAccepted: 300, smallestRejected: 301 });
    expect(result.candidate).toBeUndefined();
    // 4096 refused, then 255 and 256 both accepted (the stated number first), then 128 is below the gap: never asked.
    expect(calls.slice(0, 6)).toEqual([1, 4096, 4096, 4096, 255, 256]);
    expect(calls).not.toContain(128);
    expect(result.probes).toBeLessThanOrEqual(defaultSettledSteps(1, 4096));
  });

  test('an intermittent refusal of an accepted value is asked through and counted, and the limit is the true one', async () => {
    // The first ask of 128 is refused with a message about nothing in the body.
    const probe = settledTarget(255, (x, n) => x === 128 && n < 10 && probe.calls.filter((c) => c === 128).length === 1);

    const result = await findLimitSettled(probe, 1, 4096, { seen: new IntermittentRefusals() });

    expect(result).toMatchObject({ end: 'exact', largestAccepted: 255, intermittent: { shown: 'busy', refused: 1 } });
    expect(result.intermittent?.asks).toBe(result.probes);
  });

  test('a refusal that persists against an earlier 2xx of the same value: undetermined, never a number', async () => {
    // 255 is accepted in the search, then refused every time it is asked again.
    const probe = settledTarget(255, (x) => x === 255 && probe.calls.filter((c) => c === 255).length > 1);

    const result = await findLimitSettled(probe, 1, 4096, { seen: new IntermittentRefusals() });

    expect(result.end).toBe('undetermined');
    expect(result.note).toBe(
      'the answers for 255: the answers contradict each other: accepted before, then refused busy 3 times; no limit is stated',
    );
  });

  test('a backend refusing a quarter of the accepted asks at random: the true limit or undetermined, never another (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 4000 }), fc.integer({ min: 0, max: 2 ** 31 }), async (limit, seed) => {
        const roll = seededRoll(seed);
        const result = await findLimitSettled(
          settledTarget(limit, () => roll() < 0.25),
          1,
          4096,
          { seen: new IntermittentRefusals() },
        );
        if (result.end === 'exact') expect(result.largestAccepted).toBe(limit);
        else expect(['undetermined', 'max-steps', 'low-rejected']).toContain(result.end);
        expect(result.probes).toBeLessThanOrEqual(defaultSettledSteps(1, 4096));
      }),
      { seed: 20_261_122, numRuns: 300 },
    );
  });
});

describe('findLimitSettled with the known candidates first (a search whose asks past the limit wait)', () => {
  const first = { candidatesFirst: true } as const;

  test('a documented limit the target keeps: its edges right after the low end, the high end never asked', async () => {
    const probe = settledTarget(255);
    const result = await findLimitSettled(probe, 1, 4096, { ...first, seen: new IntermittentRefusals(), documented: [255] });
    expect(result).toMatchObject({
      end: 'exact',
      largestAccepted: 255,
      smallestRejected: 256,
      candidate: { value: 255, from: 'documented' },
    });
    expect(probe.calls).toEqual([1, 255, 256, 256]);
  });

  test('a documented limit above the true one: its refusal bounds the halvings, the high end never asked', async () => {
    const probe = settledTarget(100);
    const result = await findLimitSettled(probe, 1, 4096, { ...first, seen: new IntermittentRefusals(), documented: [255] });
    expect(result).toMatchObject({ end: 'exact', largestAccepted: 100, smallestRejected: 101 });
    expect(result.candidate).toBeUndefined();
    expect(probe.calls.slice(0, 3)).toEqual([1, 255, 255]);
    expect(probe.calls).not.toContain(4096);
  });

  test('a documented limit under the true one: the high end is asked after its edges, and the halvings find the limit', async () => {
    const probe = settledTarget(300);
    const result = await findLimitSettled(probe, 1, 4096, { ...first, seen: new IntermittentRefusals(), documented: [255] });
    expect(result).toMatchObject({ end: 'exact', largestAccepted: 300, smallestRejected: 301 });
    expect(probe.calls.slice(0, 4)).toEqual([1, 255, 256, 4096]);
  });

  test.each([[false], [true]])(
    'candidates first %s: a candidate whose next value a backend refuses three times with a message naming nothing is not stated on it',
    async (candidatesFirst) => {
      // 256 is refused "busy" on its first three asks, then accepted: chance, not the limit (300).
      const probe = settledTarget(300, (x) => x === 256 && probe.calls.filter((c) => c === 256).length <= 3);
      const result = await findLimitSettled(probe, 1, 4096, { seen: new IntermittentRefusals(), candidatesFirst, documented: [255] });
      expect(result).toMatchObject({ end: 'exact', largestAccepted: 300, smallestRejected: 301 });
      expect(result.candidate).toBeUndefined();
    },
  );

  test('a target accepting every value: accepted up to the high end, as without the candidates', async () => {
    const probe = settledTarget(10_000);
    const result = await findLimitSettled(probe, 1, 4096, { ...first, seen: new IntermittentRefusals(), documented: [255] });
    expect(result).toMatchObject({ end: 'high-accepted', largestAccepted: 4096 });
  });

  test('a backend refusing a quarter of the accepted asks at random: the true limit or undetermined, never another (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 4000 }),
        fc.integer({ min: 2, max: 4000 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        async (limit, doc, seed) => {
          const roll = seededRoll(seed);
          const result = await findLimitSettled(
            settledTarget(limit, () => roll() < 0.25),
            1,
            4096,
            {
              seen: new IntermittentRefusals(),
              candidatesFirst: true,
              documented: [doc],
            },
          );
          if (result.end === 'exact') expect(result.largestAccepted).toBe(limit);
          else expect(['undetermined', 'max-steps', 'low-rejected']).toContain(result.end);
          expect(result.probes).toBeLessThanOrEqual(defaultSettledSteps(1, 4096));
        },
      ),
      { seed: 20_261_128, numRuns: 300 },
    );
  });
});
