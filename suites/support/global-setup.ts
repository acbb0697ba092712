/**
 * globalSetup of the `suites` project: a guard. The run starts what the suites stand on (the target, the notification
 * receiver, the cleanup ledger: lib/run/run-environment.ts) before vitest, and hands it over by `provide` with the
 * settings it read once; vitest started by hand has none of it.
 */
import type { TestProject } from 'vitest/node';
import '../../lib/run/provided-context.js';

export default function setup(project: TestProject): void {
  const provided = project.getProvidedContext();
  if (provided.settings === undefined || provided.target === undefined) {
    throw new Error('the conformance suites run through the probe command: npx subscription-conformance probe');
  }
}
