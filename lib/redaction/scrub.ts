import type { Secret } from '../secret.js';
import { Redactor } from './redactor.js';

/**
 * Replaces the secret in a text (for error messages from third parties), in every spelling and every
 * fragment of 8 characters or more: the one redaction step (./redactor.ts) for one secret.
 */
export function scrub(text: string, secret: Secret | undefined): string {
  if (secret === undefined || secret.isEmpty) return text;
  return Redactor.of(secret).redact(text);
}
