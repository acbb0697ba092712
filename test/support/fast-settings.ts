/**
 * The one home of the settings that make a self-test's probe fast where the pace itself is not what the
 * test checks. The defaults (10 requests per second, 4 in flight, 30 s notification wait)
 * are right for a live service and make a full probe of the loopback reference last over a minute;
 * a test that checks the rate, the budget or a wait sets its own value over these, and says why.
 *
 * `runProbe` (test/run-probe.ts) puts FAST_PROBE_SETTINGS under every run's own settings, so a test
 * names only what it checks; in-process engines take FAST_ENGINE_OPTIONS (test/support/synthetic.ts).
 */

/** Environment for a probe child: fast pace on loopback, no deliberate wait longer than the case needs. */
export const FAST_PROBE_SETTINGS: Readonly<Record<string, string>> = Object.freeze({
  // The reference answers in about a millisecond: the pace only decides how long a test waits.
  REQUESTS_PER_SECOND: '1000',
  CONCURRENCY: '8',
  // A 429/503 without Retry-After from the reference is a fault drill's doing, not a rate limit to respect for 2 s.
  RETRY_AFTER_DEFAULT_SECONDS: '0',
  // The embedded reference notifies within milliseconds; the events suite waits this long only when nothing comes.
  NOTIFICATION_WAIT_SECONDS: '5',
  // The handshake-deadline search waits each hold it tries: 2 s is under every modelled deadline (one create at 0 s,
  // one at 2 s); a test of the search sets a target with a short deadline and its own top.
  HANDSHAKE_DEADLINE_MAX_SECONDS: '2',
});

/** Options of an in-process HttpEngine against a loopback reference (see loopbackEngine). */
export const FAST_ENGINE_OPTIONS = Object.freeze({
  requestsPerSecond: 20_000,
  concurrency: 16,
});
