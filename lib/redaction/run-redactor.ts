/**
 * The redactor of this copy of lib: every secret the run knows ends up here, so that whatever prints or records
 * redacts all of them. The HTTP engine adds its token; the run (lib/run) adds ACCESS_TOKEN and the embedded
 * reference's token, which it makes itself; a token source adds each token it obtains or renews, and its client
 * secret or assertion:
 *
 *   import { runRedactor } from './run-redactor.js';
 *   runRedactor().add(new Secret(accessToken));
 *
 * One per copy of this module: a vitest worker thread has its own. It does not have to share it: every secret the
 * run's own copy prints or writes is one the run itself got or made (the lines of what it started for the suites,
 * lib/run/run-environment.ts, are the run's own).
 */
import { Redactor } from './redactor.js';

const redactor = new Redactor();

export function runRedactor(): Redactor {
  return redactor;
}
