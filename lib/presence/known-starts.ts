/**
 * The bodies believed accepted that the presence explorer starts from, likeliest first (lib/explore/start.ts):
 * the user's own (ACCEPTED_BODY, then ACCEPTED_FIELDS), the description's (its acceptedBody, then the body it
 * reports accepted, e.g. the spec's observation), then the accepted combinations of a baseline of this target and of
 * a HAR of its traffic. Each is a first guess only: the explorer asks it, and searches near it when it is refused.
 * explain asks the same bodies first (lib/explain).
 */
import type { KnownStart } from '../explore/types.js';
import { harEntries, readHarFile } from '../har/read-har.js';
import type { OperationSpec } from '../operation/types.js';
import { inferFromTraffic } from '../traffic/infer-traffic.js';
import { HarReadError } from '../errors.js';

/** Accepted combinations of one recorded source (a baseline, a HAR) taken as starts, at most. */
const MAX_PER_SOURCE = 3;

export interface KnownBodies {
  /** ACCEPTED_BODY. */
  acceptedBody?: Record<string, unknown> | undefined;
  /** ACCEPTED_FIELDS. */
  acceptedFields?: readonly string[] | undefined;
  /** The accepted combinations of a baseline of this target, and its file as shown. */
  baseline?: { label: string; accepted: readonly (readonly string[])[] } | undefined;
  /** The accepted combinations of a HAR (harAccepted), and its file as shown. */
  har?: { label: string; accepted: readonly (readonly string[])[] } | undefined;
}

export function knownStarts(operation: OperationSpec, known: KnownBodies): KnownStart[] {
  const names = operation.fields.map((f) => f.name);
  const fieldsOf = (body: Record<string, unknown>): string[] => names.filter((name) => Object.hasOwn(body, name));
  const recorded = (r: KnownBodies['baseline'], what: string): KnownStart[] =>
    r === undefined
      ? []
      : [...r.accepted]
          // The smallest first: the likeliest to be accepted still (fewer fields a change of the target can hit).
          .sort((a, b) => a.length - b.length)
          .slice(0, MAX_PER_SOURCE)
          .map((fields) => ({ fields, source: `an accepted ${what} ${r.label}` }));
  const all: KnownStart[] = [
    ...(known.acceptedBody === undefined ? [] : [{ fields: fieldsOf(known.acceptedBody), source: 'ACCEPTED_BODY' }]),
    ...(known.acceptedFields === undefined ? [] : [{ fields: [...known.acceptedFields], source: 'ACCEPTED_FIELDS' }]),
    ...(operation.acceptedBody === undefined
      ? []
      : [{ fields: fieldsOf(operation.acceptedBody), source: "the description's acceptedBody" }]),
    ...(operation.reportedAccepted === undefined
      ? []
      : [{ fields: [...operation.reportedAccepted], source: "the description's reportedAccepted" }]),
    ...recorded(known.baseline, 'combination of the baseline'),
    ...recorded(known.har, 'create in the HAR'),
  ];
  // The same set of fields twice is asked once, under its first source; names the operation lacks are dropped.
  const seen = new Set<string>();
  return all
    .map((s) => ({ ...s, fields: names.filter((f) => s.fields.includes(f)) }))
    .filter((s) => {
      const key = s.fields.join('\u0000');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The combinations of fields a HAR shows accepted (2xx) for the operation, read as lib/traffic reads a HAR; a
 * problem with the file is one line in `problem`, never a throw (a hint must not stop a run).
 */
export function harAccepted(path: string, label: string, operation: OperationSpec): { accepted: string[][]; problem?: string } {
  try {
    const entries = harEntries(readHarFile(path, label), label);
    const traffic = inferFromTraffic(entries, {
      method: operation.method,
      path: operation.path,
      fields: operation.fields.map((f) => f.name),
    });
    return { accepted: traffic.observations.filter((o) => o.outcome === 'accepted').map((o) => o.present) };
  } catch (error) {
    if (error instanceof HarReadError) return { accepted: [], problem: error.message };
    throw error;
  }
}
