import { expect, test } from 'vitest';
import { askAnswerOf, askValue, ConfirmedKinds } from './ask-value.js';
import { AskingPhase } from './asking-phase.js';
import { BaseControls, CONTROL_ACCEPTS, MAX_CONTROL_ASKS } from './base-controls.js';
import { IntermittentRefusals } from './settle.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';

const FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'];

test('the same refusal of three values is one kind, and each shows the message as the target sent it', () => {
  const values = ['abc', 'not-a-state!', 'hello world'];
  const answers = values.map((clientState) =>
    askAnswerOf(
      fakeExchange({
        status: 400,
        requestBody: JSON.stringify({ changeType: 'updated', clientState }),
        body: { error: { code: 'invalidRequest', message: `The value '${clientState}' is not valid for clientState` } },
      }),
      'clientState',
      FIELDS,
    ),
  );
  const kinds = answers.map((a) => (a.outcome === 'rejected' ? a.kind.key : a.outcome));
  expect(new Set(kinds).size).toBe(1);
  expect(answers.map((a) => (a.outcome === 'rejected' ? a.shown : ''))).toEqual(
    values.map((v) => `400 invalidRequest ${JSON.stringify(`The value '${v}' is not valid for clientState`)}`),
  );
  expect(answers.every((a) => a.outcome === 'rejected' && a.namesField)).toBe(true);
});

test("a refusal that quotes the field's value after its name is about the field, though the name is an ordinary word", () => {
  const refusal = (resource: string, message: string) =>
    askAnswerOf(
      fakeExchange({
        status: 400,
        requestBody: JSON.stringify({ notificationUrl: 'https://h/n', resource }),
        body: { error: { code: 'invalidRequest', message } },
      }),
      'resource',
      FIELDS,
    );
  const quoted = refusal('/drive/root', "The resource '/drive/root' is not a resource that can be subscribed to.");
  expect(quoted.outcome === 'rejected' && quoted.namesField).toBe(true);
  // The same words about another value, or about nothing the body sent: not this field's.
  const other = refusal('/drive/root', "The resource '/me/drive' is not a resource that can be subscribed to.");
  expect(other.outcome === 'rejected' && other.namesField).toBe(false);
  const nothing = refusal('/drive/root', 'The requested resource is not available right now.');
  expect(nothing.outcome === 'rejected' && nothing.namesField).toBe(false);
});

/** A send that refuses with `message` (the value quoted) and counts its asks. */
function refuser(field: string, value: string, message: (v: string) => string) {
  let asks = 0;
  const send = async () => {
    asks += 1;
    await new Promise((r) => setTimeout(r, 1));
    return fakeExchange({
      status: 400,
      requestBody: JSON.stringify({ [field]: value }),
      body: { error: { code: 'invalidRequest', message: message(value) } },
    });
  };
  return { send, asks: () => asks };
}

test('values asked at once: the first refusal of a kind naming its field is confirmed on two asks, the others of it count on one', async () => {
  const confirmed = new ConfirmedKinds();
  const seen = new IntermittentRefusals();
  const notString = (f: string) => (v: string) => `The property '${f}' must be a string, but the request has ${v}`;
  const a = refuser('clientState', 'a number', notString('clientState'));
  const b = refuser('clientState', 'a boolean', notString('clientState'));
  const c = refuser('notificationUrl', 'a number', notString('notificationUrl'));
  const settled = await Promise.all([
    askValue(a.send, { field: 'clientState', fields: FIELDS, seen, confirmed }),
    askValue(b.send, { field: 'clientState', fields: FIELDS, seen, confirmed }),
    askValue(c.send, { field: 'notificationUrl', fields: FIELDS, seen, confirmed }),
  ]);
  expect(settled.map((s) => s.verdict)).toEqual(['rejected', 'rejected', 'rejected']);
  // One of them confirmed the kind on a second ask; the other two waited for it and count on their one ask.
  expect([a.asks(), b.asks(), c.asks()].sort()).toEqual([1, 1, 2]);
  expect(confirmed.reused).toBe(2);
});

test('a refusal that does not name the field varied, or one seen on an accepted body, never counts on one ask', async () => {
  const confirmed = new ConfirmedKinds();
  const seen = new IntermittentRefusals();
  const first = refuser('clientState', 'x', () => "The property 'clientState' is invalid.");
  await askValue(first.send, { field: 'clientState', fields: FIELDS, seen, confirmed });
  expect(confirmed.kinds.size).toBe(1);
  // The same words of another field, not the one varied: asked until confirmed on its own.
  const other = refuser('expirationDateTime', 'y', () => "The property 'clientState' is invalid.");
  await askValue(other.send, { field: 'expirationDateTime', fields: FIELDS, seen, confirmed });
  expect(other.asks()).toBeGreaterThan(1);
  // A kind the run saw on an accepted body (an intermittent refusal): never alone, whatever was confirmed.
  const kind = [...confirmed.kinds][0] as string;
  seen.note({ key: kind, label: kind } as never, 'shown');
  const again = refuser('clientState', 'z', () => "The property 'clientState' is invalid.");
  const settled = await askValue(again.send, { field: 'clientState', fields: FIELDS, seen, confirmed, maxAsks: 3 });
  expect(again.asks()).toBe(3);
  expect(settled.verdict).toBe('undetermined');
});

test('values asked at once: a refusal naming nothing that another value meets and is then accepted never rejects the first', async () => {
  const backend = () => 'Operation: Create; Exception: [Reason: the backend did not answer in time]';
  /** Refused `refusals` times with a message about nothing in the body, each ask taking `ms`, then accepted. */
  const flaky = (refusals: number, ms: number) => {
    let asks = 0;
    const send = async () => {
      asks += 1;
      await new Promise((r) => setTimeout(r, ms));
      return asks <= refusals
        ? fakeExchange({ status: 400, requestBody: '{}', body: { error: { code: 'invalidRequest', message: backend() } } })
        : fakeExchange({ status: 201, requestBody: '{}', body: {} });
    };
    return { send, asks: () => asks };
  };
  const askBoth = async (phase?: AskingPhase) => {
    const seen = new IntermittentRefusals();
    const fast = flaky(3, 1);
    const slow = flaky(1, 15);
    const o = { field: 'clientState', fields: FIELDS, seen, ...(phase !== undefined ? { phase } : {}) };
    const ask = async (send: () => Promise<ReturnType<typeof fakeExchange>>) => {
      phase?.enter();
      try {
        return await askValue(send, o);
      } finally {
        phase?.leave();
      }
    };
    return (await Promise.all([ask(fast.send), ask(slow.send)])).map((s) => s.verdict);
  };
  // Without the phase, the first value counts its three refusals before the second shows them to be chance.
  expect(await askBoth()).toEqual(['rejected', 'accepted']);
  // With it, the first waits for the second and asks again: its fourth ask is accepted.
  expect(await askBoth(new AskingPhase(10))).toEqual(['accepted', 'accepted']);
});

test('a refusal naming nothing counts against a value only when its base body, asked again, is accepted and never refused alike', async () => {
  const nameless = () =>
    fakeExchange({ status: 400, requestBody: '{}', body: { error: { code: 'invalidRequest', message: 'Try again later' } } });
  const accepted = () => fakeExchange({ status: 201, requestBody: '{}', body: {} });
  const ask = async (control: () => ReturnType<typeof fakeExchange>) => {
    const seen = new IntermittentRefusals();
    const controls = new BaseControls(seen);
    let asks = 0;
    const settled = await askValue(
      async () => {
        asks += 1;
        return nameless();
      },
      { field: 'clientState', fields: FIELDS, seen, control: { controls, key: 'base', send: async () => control() } },
    );
    return { verdict: settled.verdict, asks, controls: controls.asked };
  };
  // The base body accepted at every check: the refusal is the value's.
  expect(await ask(accepted)).toEqual({ verdict: 'rejected', asks: 3, controls: CONTROL_ACCEPTS });
  // The base body refused alike now and then: chance, never a verdict on the value (asked once more, then undetermined).
  let turn = 0;
  expect(await ask(() => (turn++ % 2 === 0 ? nameless() : accepted()))).toEqual({
    verdict: 'undetermined',
    asks: 4,
    controls: MAX_CONTROL_ASKS,
  });
});
