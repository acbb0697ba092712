import { expect, test } from 'vitest';
import { onRunStop, StopChannel } from './stop-channel.js';

test('the worker hears the stop once; a stop after the run (the channel closed) is no error', async () => {
  const channel = new StopChannel();
  let heard = 0;
  onRunStop(channel.name, () => (heard += 1));
  // Another run's channel, or anything else said on this one, is not a stop.
  onRunStop(`${channel.name}-other`, () => (heard += 100));
  channel.announce();
  channel.announce();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(heard).toBe(1);
  channel.close();
  expect(() => channel.announce()).not.toThrow();
});
