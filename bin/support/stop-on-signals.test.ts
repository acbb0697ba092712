import { EventEmitter } from 'node:events';
import { expect, test } from 'vitest';
import { stopOnSignals } from './stop-on-signals.js';

test('stops once however many signals come, and keeps taking them (a second Ctrl-C must not fall to the default action)', () => {
  const process = new EventEmitter();
  const stops: string[] = [];
  stopOnSignals((signal) => stops.push(signal), process);
  process.emit('SIGINT');
  process.emit('SIGINT');
  process.emit('SIGTERM');
  expect(stops).toEqual(['SIGINT']);
  // Still handled after the first: without a listener a real second signal would end the process at once.
  expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual([1, 1]);
});
