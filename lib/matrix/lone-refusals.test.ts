import { expect, test } from 'vitest';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import type { Exchange } from '../http/types.js';
import type { Observation } from '../inference/types.js';
import { confirmLoneRefusal } from './lone-refusals.js';

const FIELDS = ['a', 'b'];
const lone: Observation = { present: ['a'], outcome: 'rejected', status: 400, errorCode: 'invalidRequest', statuses: [400] };
const denied = (): Exchange =>
  fakeExchange({ status: null, attempts: 0, failure: { kind: 'deadline', message: "the run's time (MAX_RUN_SECONDS) is up" } });

// A lone refusal is asked again before the rule rests on it. When the engine sends no more (the run's budget or time
// spent, a stop), it is not confirmed, so not evidence; and the target answered nothing different, so not unstable.
test('a lone refusal the run could not ask again is not confirmed: no verdict, not unstable, asked no further', async () => {
  let asks = 0;
  const confirmed = await confirmLoneRefusal(
    lone,
    async () => {
      asks += 1;
      return { observation: { present: ['a'], outcome: 'error', status: null, failure: 'deadline' }, exchanges: [denied()] };
    },
    FIELDS,
  );
  expect(asks).toBe(1);
  expect(confirmed.observation).toMatchObject({ present: ['a'], outcome: 'error', statuses: [400], failure: 'deadline' });
  expect(confirmed.words).toBe(
    "not confirmed: refused 1 of 1 asks, then not asked again (the run's time (MAX_RUN_SECONDS) is up); not evidence",
  );
  expect(confirmed.exchanges).toEqual([]);
});
