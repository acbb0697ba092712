/**
 * Description texts this run has found valid, by SHA-256. bin/probe.ts validates the description, then
 * vitest's globalSetup (a second copy of these modules in the same thread) and the suites' worker thread
 * read the same file again, and each compile of operation.schema.json costs 110 to 150 ms of CPU on the
 * 2-core machine, before any suite can start. Only the same bytes skip the check: a file that
 * changed is validated again.
 *
 * The hashes live in an environment variable: the process's two copies of this module share it, and the
 * worker thread, created after globalSetup, gets a copy. At most MAX_REMEMBERED are kept.
 */
import { createHash } from 'node:crypto';

export const VALIDATED_DESCRIPTIONS_ENV = 'SUBSCRIPTION_CONFORMANCE_VALID_DESCRIPTIONS';
const MAX_REMEMBERED = 8;

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

const remembered = (): string[] => (process.env[VALIDATED_DESCRIPTIONS_ENV] ?? '').split(',').filter((h) => /^[0-9a-f]{64}$/.test(h));

export function isKnownValid(text: string): boolean {
  const hashes = remembered();
  return hashes.length > 0 && hashes.includes(digest(text));
}

export function rememberValid(text: string): void {
  const hash = digest(text);
  const hashes = remembered().filter((h) => h !== hash);
  process.env[VALIDATED_DESCRIPTIONS_ENV] = [...hashes.slice(-(MAX_REMEMBERED - 1)), hash].join(',');
}
