import { expect, test } from 'vitest';
import type { Vitest } from 'vitest/node';
import { StopOnAbort } from './stop-on-abort.js';

const fakeVitest = () => {
  const reasons: string[] = [];
  return { vitest: { cancelCurrentRun: async (r: string) => void reasons.push(r) } as unknown as Vitest, reasons };
};

test('a stop asked while vitest was starting cancels the run again as its first file is queued, so no case begins', () => {
  const controller = new AbortController();
  controller.abort('Ctrl-C');
  const stop = new StopOnAbort(controller.signal);
  const { vitest, reasons } = fakeVitest();
  stop.onInit(vitest);
  expect(stop.stoppedBy).toBe('Ctrl-C');
  stop.onTestModuleQueued();
  expect(reasons).toEqual(['keyboard-input', 'keyboard-input']);
  // Once: a cancel while later files are queued would leave them unreported.
  stop.onTestModuleQueued();
  expect(reasons).toHaveLength(2);
});

test('without a stop the run starts as it is; a stop during the run cancels it once', () => {
  const controller = new AbortController();
  const stop = new StopOnAbort(controller.signal);
  const { vitest, reasons } = fakeVitest();
  stop.onInit(vitest);
  stop.onTestModuleQueued();
  expect(reasons).toEqual([]);
  controller.abort('SIGTERM');
  expect(stop.stoppedBy).toBe('SIGTERM');
  expect(reasons).toEqual(['keyboard-input']);
});

test("signals held while vitest starts: a listener added then is taken out, the caller's stays, and release ends the hold", async () => {
  const stop = new StopOnAbort(undefined);
  const before = process.listenerCount('SIGINT');
  stop.holdSignals();
  const added = (): void => undefined;
  process.on('SIGINT', added);
  await Promise.resolve();
  expect(process.listeners('SIGINT')).not.toContain(added);
  expect(process.listenerCount('SIGINT')).toBe(before);
  stop.releaseSignals();
  process.on('SIGINT', added);
  await Promise.resolve();
  expect(process.listeners('SIGINT')).toContain(added);
  process.off('SIGINT', added);
});
