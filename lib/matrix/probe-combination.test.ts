import { expect, test } from 'vitest';
import type { BodySender } from '../create/client.js';
import { fakeExchange } from '../../test/support/fake-exchange.js';
import { subscriptionCreate } from '../operation/index.js';
import type { ValueContext } from '../operation/types.js';
import { probeCombination } from './probe-combination.js';

const refusing: BodySender = {
  sendBody: () => Promise.resolve(fakeExchange({ status: 400, body: { error: { code: 'invalidRequest', message: 'no' } } })),
  undoCreate: () => Promise.resolve(),
};
const at = (notificationUrl: string) => (): ValueContext => ({ now: new Date(), notificationUrl, unique: 'u' });

test('a value sent as a URL on loopback is kept with the observation (a target elsewhere cannot reach it)', async () => {
  const fields = ['notificationUrl', 'expirationDateTime'];
  const onLoopback = await probeCombination(refusing, subscriptionCreate, fields, 2, at('http://127.0.0.1:4311/n'));
  const reachable = await probeCombination(refusing, subscriptionCreate, fields, 1, at('https://hooks.example.com/n'));
  expect(onLoopback.observation).toMatchObject({ outcome: 'rejected', loopbackFields: ['notificationUrl'] });
  expect(reachable.observation.loopbackFields).toBeUndefined();
});
