import { expect, test } from 'vitest';
import { ProbeReporter } from './probe-reporter.js';

test('each run start is passed on (the UI empties its exchange log there, so each HAR holds one run)', () => {
  let starts = 0;
  const reporter = new ProbeReporter({ onRunStart: () => (starts += 1) });
  reporter.onInit();
  reporter.onTestRunStart();
  reporter.onTestRunStart();
  expect(starts).toBe(2);
  // Without the hook a run start is harmless.
  expect(() => new ProbeReporter().onTestRunStart()).not.toThrow();
});
