/**
 * The redactor of this thread: every secret the process knows ends up here, so that whatever prints or
 * records in this thread redacts all of them. The HTTP engine adds its token; the run (lib/run) adds
 * ACCESS_TOKEN; globalSetup adds the embedded reference's token; a token source adds each token it
 * obtains or renews, and its client secret or assertion:
 *
 *   import { runRedactor } from './run-redactor.js';
 *   runRedactor().add(new Secret(accessToken));
 *
 * It lives on globalThis rather than in a module variable because the same file is loaded twice in the
 * probe's main thread (once by Node for the run, once by vitest's module runner for globalSetup and
 * the reporters), and both must see one set. A vitest worker thread has its own globalThis, hence its
 * own set: the engine adds its token there.
 */
import { Redactor } from './redactor.js';

const KEY = Symbol.for('subscription-conformance.run-redactor');

export function runRedactor(): Redactor {
  const holder = globalThis as unknown as Record<symbol, Redactor | undefined>;
  let redactor = holder[KEY];
  if (redactor === undefined) {
    redactor = new Redactor();
    holder[KEY] = redactor;
  }
  return redactor;
}
