import { describe, expect, test } from 'vitest';
import type { Observation } from '../inference/types.js';
import { combinations } from '../rule/field-set.js';
import type { Exchange } from '../http/types.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import {
  askAgain,
  askedAgainCap,
  askWhatFindingsRestOn,
  supportAsks,
  supportFigures,
  supportWords,
  type SupportFigures,
} from './support-asks.js';

const figures = (n: number): SupportFigures => ({ support: n, sample: 0, everything: 0, disagreed: n, sampleDisagreed: 0, notAsked: 0 });
import { combinationKey } from '../rule/field-set.js';

/** An exchange answering as `o` did, or the other way. */
const exchangeOf = (o: Observation, flip: boolean): Exchange =>
  (o.outcome === 'accepted') !== flip
    ? fakeExchange({ status: 201, body: { id: 'x' } })
    : fakeExchange({ status: 400, body: { error: { code: 'invalidRequest', message: 'bad few' } } });

const FIELDS = ['notificationUrl', 'expirationDateTime', 'changeType', 'resource', 'clientState'];
const rule = (p: string[]): boolean =>
  p.includes('notificationUrl') && p.includes('expirationDateTime') && !p.includes('changeType') && !p.includes('resource');

/** The matrix of `accept`, its refusals naming the first field the rule misses; `flip` answered the other way. */
function table(
  accept: (p: string[]) => boolean,
  flip: string[][] = [],
  message = (p: string[]) => `bad ${p.length > 2 ? 'many' : 'few'}`,
): Observation[] {
  const flipped = new Set(flip.map((f) => f.join('+')));
  return combinations(FIELDS).map((present) => {
    const ok = accept(present) !== flipped.has(present.join('+'));
    return ok
      ? { present, outcome: 'accepted', status: 201 }
      : { present, outcome: 'rejected', status: 400, errorCode: 'invalidRequest', errorMessage: message(present) };
  });
}
const keys = (os: Observation[]): string[] => os.map((o) => o.present.join('+')).sort();

describe('which answers a finding rests on alone', () => {
  test('answers their neighbours imply are not support; a sample of them is asked, the same for the same seed', () => {
    const asks = supportAsks(FIELDS, table(rule), { seed: 7 });
    expect(asks.support).toEqual([]);
    expect(asks.sample).toHaveLength(4);
    expect(keys(supportAsks(FIELDS, table(rule), { seed: 7 }).sample)).toEqual(keys(asks.sample));
    expect(new Set(asks.sample.map((o) => o.present.join('+'))).size).toBe(4);
  });

  test('a chance refusal of an accepted body, of a kind others share, is support', () => {
    const chance = ['notificationUrl', 'expirationDateTime', 'clientState'];
    // Its neighbours may join it: with one accepted body left, the rule read without them could take them in.
    expect(keys(supportAsks(FIELDS, table(rule, [chance]), { seed: 1 }).support)).toContain(chance.join('+'));
  });

  test('a chance acceptance amid refusals is support', () => {
    const chance = ['notificationUrl', 'changeType'];
    expect(keys(supportAsks(FIELDS, table(rule, [chance]), { seed: 1 }).support)).toContain(chance.join('+'));
  });

  test('the one accepted combination of a rule needing every field is support: without it nothing is accepted', () => {
    const all = (p: string[]) => p.length === FIELDS.length;
    expect(keys(supportAsks(FIELDS, table(all), { seed: 1 }).support)).toContain(FIELDS.join('+'));
  });

  test('a kind of refusal no other combination shows is support; excluded combinations are left to their own step', () => {
    const message = (p: string[]) => (p.join('+') === 'changeType' ? 'something else entirely' : 'bad');
    const observations = table(rule, [], message);
    expect(keys(supportAsks(FIELDS, observations, { seed: 1 }).support)).toEqual(['changeType']);
    expect(supportAsks(FIELDS, observations, { seed: 1, exclude: new Set(['changeType']) }).support).toEqual([]);
  });

  test('an erratic target whose answers change is asked again whole', async () => {
    let x = 12345;
    const bit = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) >> 16) % 2 === 1;
    const observations = table(() => bit());
    const first = new Map(observations.map((o) => [combinationKey(o.present), { observation: o, exchanges: [exchangeOf(o, false)] }]));
    // Every ask of it answers the other way: the first answer asked again changes, then the rest is asked.
    const { asked, notAsked } = await askWhatFindingsRestOn(
      FIELDS,
      first,
      { seed: 1, cap: askedAgainCap(FIELDS.length) },
      async (present) => ({
        exchanges: [exchangeOf(first.get(combinationKey(present))?.observation as Observation, true)],
      }),
    );
    expect(askedAgainCap(FIELDS.length)).toBe(8);
    expect(asked).toHaveLength(8);
    expect(asked.every((a) => a.observation.outcome === 'unstable')).toBe(true);
    // Past the cap, each answer left is said unasked: the sample is not, the others are (the target's answers changed).
    // Every combination is asked or said unasked, but for sampled ones the cap left: they are for the estimate only.
    expect(asked.length + notAsked.length).toBeGreaterThanOrEqual(32 - 4);
    expect(supportWords({ ...figures(asked.length), notAsked: notAsked.length })).toContain('not asked again');
  });
});

test('the sentence says each figure once', () => {
  expect(supportWords({ support: 0, sample: 4, everything: 0, disagreed: 0, sampleDisagreed: 0, notAsked: 0 })).toBe(
    'each combination once; no finding rests on one answer alone, 4 asked again, sampled at random: all 4 agreed (instability estimate: 0 of 4 sampled answers changed)',
  );
  expect(supportWords({ support: 2, sample: 4, everything: 2, disagreed: 1, sampleDisagreed: 0, notAsked: 24 })).toBe(
    'each combination once; 2 asked again because a finding rests on each one alone, 4 sampled at random, then the other 2, since an answer changed: 1 of 8 changed (unstable, no evidence) (instability estimate: 0 of 4 sampled answers changed); 24 more not asked again (over the bound of asks again), so not confirmed',
  );
});

test('the same seed samples the same bodies whatever order the answers came in', () => {
  const observations = table(rule);
  const reversed = [...observations].reverse();
  expect(keys(supportAsks(FIELDS, reversed, { seed: 11 }).sample)).toEqual(keys(supportAsks(FIELDS, observations, { seed: 11 }).sample));
});

// The run's budget or time spent, or a stop, denies an ask before it is sent: that is no answer of the target, and
// an answer that "changed" to it would read the stop as instability and ask everything else again.
test('an ask the engine never sent is not asked again, never an answer that changed', async () => {
  const observations = table(rule, [['notificationUrl', 'expirationDateTime', 'clientState']]);
  const first = new Map(observations.map((o) => [combinationKey(o.present), { observation: o, exchanges: [exchangeOf(o, false)] }]));
  const denied = (): Exchange =>
    fakeExchange({ status: null, attempts: 0, failure: { kind: 'budget', message: 'the request budget (MAX_REQUESTS) is spent' } });
  const entry = first.get(combinationKey(['notificationUrl', 'expirationDateTime'])) ?? {
    observation: observations[0] as Observation,
    exchanges: [],
  };
  expect(await askAgain(entry, 'support', async () => ({ exchanges: [denied()] }))).toBeUndefined();
  // Sent and not answered is another thing: no verdict of the target, folded with the first answer.
  const noVerdict = fakeExchange({ status: null, attempts: 1, failure: { kind: 'network', message: 'reset' } });
  expect((await askAgain(entry, 'support', async () => ({ exchanges: [noVerdict] })))?.observation.outcome).toBe('error');
  const { asked, notAsked, unsent } = await askWhatFindingsRestOn(
    FIELDS,
    first,
    { seed: 1, cap: askedAgainCap(FIELDS.length) },
    async () => ({ exchanges: [denied()] }),
  );
  expect(asked).toEqual([]);
  expect(notAsked).toEqual([]);
  // What a finding rests on and the sample are said not sent, so not confirmed; nothing changed, so the rest is not asked.
  const picked = supportAsks(FIELDS, observations, { seed: 1 });
  expect(picked.support.length).toBeGreaterThan(0);
  expect(keys(unsent)).toEqual(keys([...picked.support, ...picked.sample]));
  const figures = supportFigures(asked, notAsked, unsent);
  expect(figures).toMatchObject({ disagreed: 0, sampleDisagreed: 0, unsent: unsent.length });
  expect(supportWords(figures)).toMatch(new RegExp(`; ${unsent.length} not sent \\(the run could send no more\\), so not confirmed$`));
});
