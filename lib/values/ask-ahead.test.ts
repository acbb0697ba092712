import { describe, expect, test } from 'vitest';
import { AskAhead } from './ask-ahead.js';
import { OUT_OF_ASKS } from './find-limit.js';

/** A send that answers when released, so that a test decides the order the answers come in. */
function gated() {
  const pending: { x: number; answer: (v: string) => void }[] = [];
  let inFlight = 0;
  let most = 0;
  let n = 0;
  const send = (x: number): Promise<string> => {
    n += 1;
    const label = `${x}#${n}`;
    inFlight += 1;
    most = Math.max(most, inFlight);
    return new Promise<string>((resolve) => {
      pending.push({
        x,
        answer: () => {
          inFlight -= 1;
          resolve(label);
        },
      });
    });
  };
  const releaseAll = async (): Promise<void> => {
    // Each release may let an ask waiting for a slot start: bounded by the asks a test sends.
    for (let i = 0; i < 20; i += 1) {
      await new Promise((r) => setImmediate(r));
      pending.shift()?.answer('');
    }
  };
  return { send, pending, releaseAll, most: () => most };
}

describe('asks sent ahead of a walk', () => {
  test("the walk takes each value's answers in the order they were sent, then sends its own", async () => {
    const g = gated();
    const asks = new AskAhead(g.send, { max: 10, parallel: 4 });
    asks.ahead([9, 4, 5, 5]);
    const first5 = asks.ask(5);
    const second5 = asks.ask(5);
    const third5 = asks.ask(5);
    await g.releaseAll();
    expect([await first5, await second5, await third5]).toEqual(['5#3', '5#4', '5#5']);
    expect(asks.sent).toBe(5);
  });

  test('no more in flight than `parallel`; the rest start as slots free, in the order sent', async () => {
    const g = gated();
    const asks = new AskAhead(g.send, { max: 10, parallel: 2 });
    asks.ahead([1, 2, 3, 4]);
    await new Promise((r) => setImmediate(r));
    expect(g.pending.map((p) => p.x)).toEqual([1, 2]);
    await g.releaseAll();
    await asks.settled();
    expect(g.most()).toBe(2);
  });

  test('never more than `max` sends, the unused ones included: an ask past it is OUT_OF_ASKS', async () => {
    const g = gated();
    const asks = new AskAhead(g.send, { max: 3, parallel: 4 });
    asks.ahead([7, 7, 8, 8]);
    expect(asks.sent).toBe(3);
    await expect(asks.ask(1)).rejects.toBe(OUT_OF_ASKS);
    const eight = asks.ask(8);
    await g.releaseAll();
    expect(await eight).toBe('8#3');
    await asks.settled();
  });

  test('its bounds are checked where it is made', () => {
    const send = async (): Promise<number> => 0;
    expect(() => new AskAhead(send, { max: 3, parallel: 0 })).toThrow(/AskAhead parallel should be 1 or more/);
    expect(() => new AskAhead(send, { max: -1, parallel: 1 })).toThrow(/AskAhead max should be a whole number/);
  });
});
