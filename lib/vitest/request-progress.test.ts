import { expect, test } from 'vitest';
import { RequestProgress, publishRequests } from './request-progress.js';

test('the worker says its count as it sends, and the run reads the latest; a stray message cannot lower it', async () => {
  const progress = new RequestProgress();
  let sent = 0;
  const stop = publishRequests(progress.channel, () => sent);
  try {
    const until = async (value: number): Promise<void> => {
      const started = Date.now();
      while (progress.sent !== value && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 20));
    };
    sent = 7;
    await until(7);
    expect(progress.sent).toBe(7);
    sent = 3; // never lower within a run
    await new Promise((r) => setTimeout(r, 700));
    expect(progress.sent).toBe(7);
    sent = 12;
    await until(12);
    expect(progress.sent).toBe(12);
  } finally {
    stop();
    progress.close();
  }
});
