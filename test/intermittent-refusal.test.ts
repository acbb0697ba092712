/**
 * Never a rule from one answer: on a reference whose accepted base body for clientState ({notificationUrl,
 * expirationDateTime, clientState}) is refused a quarter of the time with a message about nothing in it (an
 * intermittent backend failure, as Graph's ExtensionError), ten seeded runs of the presence matrix (REPEATS=2), the
 * clientState value classes and the clientState limit give no wrong limit and no value rejection resting on that
 * message: each value and the limit is the true one or undetermined, and a skip says "unstable" when the matrix
 * caught the base flipping. In process, one at a time (so each seed rolls the same faults on the same requests),
 * through the steps the suites run: lib/matrix, lib/presence, lib/values. Then the same field's values asked at once,
 * as the value suite asks them, on a base refused 1 time in 2: none rejected on that message.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OperationClient } from '../lib/create/client.js';
import type { Exchange } from '../lib/http/types.js';
import type { Observation } from '../lib/inference/types.js';
import { buildBody } from '../lib/matrix/build-body.js';
import { subscriptionCreate } from '../lib/operation/index.js';
import { evidenceFromMatrix } from '../lib/presence/build.js';
import { askAnswerOf, askValue, type AskValueOptions } from '../lib/values/ask-value.js';
import { AskingPhase } from '../lib/values/asking-phase.js';
import { BaseControls } from '../lib/values/base-controls.js';
import { findLimit, findLimitSettled } from '../lib/values/find-limit.js';
import { limitAnswerOf } from '../lib/values/limit-answer.js';
import { judgeLimit } from '../lib/values/limit-verdict.js';
import { IntermittentRefusals, type Settled } from '../lib/values/settle.js';
import { classifyAnswer } from '../lib/answer/classify.js';
import { judgeSettledValue } from '../lib/values/value-verdict.js';
import { DEFAULT_INTERMITTENT_MESSAGE, PROFILES, startReferenceService, type ReferenceService } from '../reference/index.js';
import { runMatrix } from './support/run-matrix.js';
import { loopbackEngine, values } from './support/synthetic.js';

const TOKEN = 'intermittent-token-41c7e0';
const RUNS = 10;
const FIELDS = subscriptionCreate.fields.map((f) => f.name);
const BASE = ['notificationUrl', 'expirationDateTime', 'clientState'];
const CLIENT_STATE = subscriptionCreate.fields.find((f) => f.name === 'clientState');
const LIMIT = subscriptionCreate.limits?.find((l) => l.field === 'clientState');
const rules = PROFILES['default']?.values;
const MAX_LENGTH = rules === undefined || rules === 'strings-only' ? Number.NaN : rules.clientState.maxLength;

let service: ReferenceService;
beforeAll(async () => {
  service = await startReferenceService({ tokens: [TOKEN], profile: 'default', handshake: false });
});
afterAll(() => service.close());

/** Whether the default profile accepts a clientState value: a string of at most its maximum length. */
const truthAccepts = (value: unknown): boolean => typeof value === 'string' && value.length <= MAX_LENGTH;

interface SeedRun {
  skipped?: string;
  values: { id: string; outcome: string; accepted: boolean; message?: string; intermittent: boolean }[];
  limit?: { value: number | undefined; end: string; finding: string };
}

const matrices = new Map<number, Observation[]>();
const observationsOf = (seed: number): Observation[] => matrices.get(seed) ?? [];

/** `single`: each value and step asked once, as before the settling: what the test shows the settling prevents. */
async function seeded(seed: number, single = false): Promise<SeedRun> {
  service.setFaults({ intermittentRefusal: { present: BASE, share: 0.25 }, seed });
  const engine = loopbackEngine(service.url, TOKEN, { concurrency: 1 });
  try {
    const client = new OperationClient((request) => engine.send(request), subscriptionCreate, { askAgain: 3 });
    const observations = await runMatrix(client, subscriptionCreate, { repeats: 2, values, parallel: 1 });
    matrices.set(seed, observations);
    const evidence = evidenceFromMatrix(FIELDS, observations);
    const base = evidence.smallestAccepted('clientState');
    if (base === undefined)
      return { skipped: evidence.noAcceptedBody('clientState', 'its values cannot be told apart').reason, values: [] };
    const seen = new IntermittentRefusals();
    const send = async (body: unknown): Promise<Exchange> => {
      const exchange = await client.sendBody(body);
      await client.undoCreate(exchange);
      return exchange;
    };
    const run: SeedRun = { values: [] };
    // The values of the field (a name in another letter case is no value of it).
    for (const valueClass of (CLIENT_STATE?.classes ?? []).filter((c) => c.sendAs === undefined)) {
      const ctx = values();
      const value = valueClass.value(ctx);
      const body = buildBody(subscriptionCreate, base.present, ctx, { clientState: value });
      const settled = single
        ? { verdict: 'once', asks: [await send(body)] }
        : await askValue(() => send(body), { field: 'clientState', fields: FIELDS, seen });
      const judged =
        settled.verdict === 'once'
          ? { outcome: classifyAnswer(settled.asks[0] as Exchange).outcome, answer: classifyAnswer(settled.asks[0] as Exchange) }
          : judgeSettledValue('clientState', valueClass, settled as Settled<Exchange>);
      run.values.push({
        id: valueClass.id,
        outcome: judged.outcome,
        accepted: truthAccepts(value),
        ...(judged.answer.errorMessage !== undefined ? { message: judged.answer.errorMessage } : {}),
        intermittent: 'intermittent' in settled && settled.intermittent !== undefined,
      });
    }
    if (LIMIT !== undefined) {
      const step = async (x: number): Promise<Exchange> => {
        const ctx = values();
        return send(buildBody(subscriptionCreate, base.present, ctx, { clientState: LIMIT.make(x, ctx) }));
      };
      const result = single
        ? await findLimit(async (x) => limitAnswerOf(await step(x)), LIMIT.low, LIMIT.high)
        : await findLimitSettled(async (x) => askAnswerOf(await step(x), 'clientState', FIELDS), LIMIT.low, LIMIT.high, { seen });
      const judged = judgeLimit(LIMIT, result, []);
      run.limit = { value: judged.limit.value, end: result.end, finding: judged.finding };
    }
    return run;
  } finally {
    await engine.close();
    service.setFaults({});
  }
}

describe('an accepted base body refused 1 time in 4 with an unrelated message', () => {
  test(`${RUNS} seeded runs: no wrong limit, no value rejection resting on that message; unstable skips say so`, async () => {
    expect(MAX_LENGTH).toBe(255);
    const lines: string[] = [];
    let intermittentSeen = 0;
    let limitsStated = 0;
    for (let seed = 1; seed <= RUNS; seed += 1) {
      const run = await seeded(seed);
      if (run.skipped !== undefined) {
        // The matrix caught the base flipping: the skip names it unstable, not "no combination accepted". (Both
        // repeats refused, 1 time in 16, is what the matrix saw: the skip says that.)
        const unstable = observationsOf(seed).some((o) => o.outcome === 'unstable' && o.present.includes('clientState'));
        expect(run.skipped, `seed ${seed}`).toMatch(
          unstable
            ? /^no stable accepted body carries clientState: the presence matrix saw a combination with it unstable \(its repeats disagreed: \{notificationUrl, expirationDateTime, clientState\}: (201, 400|400, 201)\) and none accepted every time/
            : /^no accepted body carries clientState: the presence matrix saw no combination with it accepted/,
        );
        lines.push(`seed ${seed}: skipped (${unstable ? 'unstable base' : 'base refused on both repeats'})`);
        continue;
      }
      for (const v of run.values) {
        // Each value is its true answer or undetermined; a rejection never rests on the intermittent message.
        const allowed = v.accepted ? ['accepted', 'unstable'] : ['rejected', 'unstable'];
        expect(allowed, `seed ${seed} ${v.id}: ${v.outcome} ${v.message ?? ''}`).toContain(v.outcome);
        if (v.outcome === 'rejected') expect(v.message).not.toBe(DEFAULT_INTERMITTENT_MESSAGE);
        if (v.intermittent) intermittentSeen += 1;
      }
      const limit = run.limit;
      expect(limit, `seed ${seed}`).toBeDefined();
      // The limit is the profile's, or no number at all.
      if (limit?.value !== undefined) {
        expect(limit.value, `seed ${seed}: ${limit.finding}`).toBe(MAX_LENGTH);
        limitsStated += 1;
      } else expect(['undetermined', 'max-steps'], `seed ${seed}: ${limit?.finding}`).toContain(limit?.end);
      if (/an intermittent refusal/.test(limit?.finding ?? '')) intermittentSeen += 1;
      lines.push(`seed ${seed}: ${run.values.map((v) => v.outcome[0]).join('')}; limit ${limit?.value ?? limit?.end}`);
    }
    console.log(lines.join('\n'));
    // The fault did its work: some answers met it, and most runs still state the true limit.
    expect(intermittentSeen).toBeGreaterThan(0);
    expect(limitsStated).toBeGreaterThan(0);
    // The same seeds asked once per value and step, as before: an accepted value taken as refused, or a wrong limit.
    const wrong: string[] = [];
    for (let seed = 1; seed <= RUNS && wrong.length === 0; seed += 1) {
      const single = await seeded(seed, true);
      const refused = single.values.filter((v) => v.accepted && v.outcome === 'rejected').map((v) => v.id);
      const limit = single.limit?.value;
      if (refused.length > 0 || (limit !== undefined && limit !== MAX_LENGTH))
        wrong.push(`seed ${seed}: ${refused.join(', ') || 'no value'} taken as refused; limit ${limit ?? single.limit?.end}`);
    }
    console.log(`asked once: ${wrong.join('; ')}`);
    expect(wrong).toHaveLength(1);
  }, 60_000);
});

/**
 * The values of clientState asked at once, as the value suite asks them, on a base body refused 1 time in 2: which
 * value meets the refusal three times in a row before another shows it to be chance is luck. `guarded`: the values
 * wait for each other (AskingPhase) and the base is asked again (BaseControls) before a refusal naming nothing
 * counts; unguarded, each value is asked alone, one after another, as the settling alone would judge it.
 */
async function valuesAtOnce(seed: number, guarded: boolean): Promise<{ wrong: string[]; controls: number }> {
  service.setFaults({ intermittentRefusal: { present: BASE, share: 0.5 }, seed });
  const engine = loopbackEngine(service.url, TOKEN, { concurrency: guarded ? 4 : 1 });
  try {
    const client = new OperationClient((request) => engine.send(request), subscriptionCreate, { askAgain: 3 });
    const send = async (body: unknown): Promise<Exchange> => {
      const exchange = await client.sendBody(body);
      await client.undoCreate(exchange);
      return exchange;
    };
    const seen = new IntermittentRefusals();
    const phase = new AskingPhase(20);
    const controls = new BaseControls(seen);
    const ask = async (valueClass: NonNullable<typeof CLIENT_STATE>['classes'][number]) => {
      const ctx = values();
      const value = valueClass.value(ctx);
      const o: AskValueOptions = { field: 'clientState', fields: FIELDS, seen };
      if (guarded) {
        o.phase = phase;
        o.control = { controls, key: BASE.join(','), send: () => send(buildBody(subscriptionCreate, BASE, ctx)) };
      }
      phase.enter();
      try {
        const settled = await askValue(() => send(buildBody(subscriptionCreate, BASE, ctx, { clientState: value })), o);
        const judged = judgeSettledValue('clientState', valueClass, settled);
        const wrong = judged.outcome === 'rejected' && (truthAccepts(value) || judged.answer.errorMessage === DEFAULT_INTERMITTENT_MESSAGE);
        return wrong ? [`seed ${seed} ${valueClass.id}: ${judged.finding}`] : [];
      } finally {
        phase.leave();
      }
    };
    const classes = (CLIENT_STATE?.classes ?? []).filter((c) => c.sendAs === undefined);
    const wrong = guarded
      ? (await Promise.all(classes.map(ask))).flat()
      : await classes.reduce<Promise<string[]>>(async (done, c) => [...(await done), ...(await ask(c))], Promise.resolve([]));
    return { wrong, controls: controls.asked };
  } finally {
    await engine.close();
    service.setFaults({});
  }
}

describe('values asked at once on a base body refused 1 time in 2 with an unrelated message', () => {
  test(`${RUNS} seeds: no value is rejected on that message once values wait for each other and the base is asked again`, async () => {
    const guarded: { wrong: string[]; controls: number }[] = [];
    // Which of four requests at once meets the refusal depends on the order they arrive in, not on the seed alone: when
    // no value met it three times in a row in the first seeds, more are run (three times as many at most), so that the
    // guard is seen at work and the check below is not empty.
    const guardUsed = (): boolean => guarded.some((g) => g.controls > 0);
    for (let seed = 1; seed <= RUNS || (seed <= 3 * RUNS && !guardUsed()); seed += 1) guarded.push(await valuesAtOnce(seed, true));
    expect(guarded.flatMap((g) => g.wrong)).toEqual([]);
    // The base was asked again where a refusal naming nothing was about to count.
    expect(guardUsed()).toBe(true);
    // Settled alone, the same seeds take some of those refusals for the value's.
    const unguarded = [];
    for (let seed = 1; seed <= RUNS; seed += 1) unguarded.push(...(await valuesAtOnce(seed, false)).wrong);
    console.log(`unguarded: ${unguarded.join('; ')}`);
    expect(unguarded.length).toBeGreaterThan(0);
  }, 60_000);
});
