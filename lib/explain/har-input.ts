/**
 * What explain makes of a HAR entry, said before anything is sent. Only the entry's method, origin, path,
 * status, time and body are shown; its headers, cookies and query are not (a browser's HAR holds session
 * cookies and tokens), and explain sends the configured token to the configured target instead.
 */
import type { HarCandidate } from '../har/read-har.js';
import type { TargetWords } from './describe-input.js';

/** The service the entry was sent to (origin and path prefix), when it is not the configured target. */
export function otherHarTarget(candidate: HarCandidate, operationPath: string, target: Pick<TargetWords, 'url'>): string | undefined {
  const path = candidate.path.replace(/\/+$/, '');
  const base = `${candidate.origin}${path.slice(0, path.length - operationPath.replace(/\/+$/, '').length)}`;
  return base === target.url.replace(/\/+$/, '') ? undefined : base;
}

/** `target` undefined: offline (--report), nothing is sent anywhere. */
export function harInputLines(candidate: HarCandidate, label: string, target: TargetWords | undefined, operationPath: string): string[] {
  const query = candidate.hadQuery ? ' (query not shown)' : '';
  const lines = [
    `input: ${label} entry ${candidate.entry}: ${candidate.method} ${candidate.origin}${candidate.path}${query}, answered ${candidate.status} at ${candidate.startedDateTime || '(no time)'}`,
    target === undefined
      ? 'input: its headers and cookies: not shown; nothing is sent (--report)'
      : `input: its headers and cookies: not shown, not sent; explain sends ${target.token} instead`,
  ];
  if (target === undefined) return lines;
  const other = otherHarTarget(candidate, operationPath, target);
  if (other !== undefined)
    lines.push(
      `input: it was sent to ${other}; explain sends to the configured target (to ask that service, set BASE_URL=${other} and its token)`,
    );
  return lines;
}
