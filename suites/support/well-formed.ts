/**
 * The protocol suite's plumbing: the well-formed body its cases start from (the accepted base, else every
 * field), requests sent once for a verdict case and its INFORMATIONAL twin, and the record of a protocol case.
 */
import type { TestContext } from 'vitest';
import type { ExampleExchange } from '../../lib/case-record.js';
import type { Judgement } from '../../lib/protocol/judgement.js';
import type { Exchange } from '../../lib/http/types.js';
import { buildBody } from '../../lib/matrix/build-body.js';
import { acceptedBase } from './accepted-base.js';
import { CaseRun, finishCase } from './case-run.js';
import type { ProbeContext } from './context.js';

export interface WellFormed {
  present: string[];
  /** The target accepted a body with these fields before (presence evidence or ACCEPTED_FIELDS). */
  accepted: boolean;
  source: string;
  /** The run that found it (the presence step's requests when this suite had to send them). */
  run: CaseRun;
}

let wellFormedOnce: Promise<WellFormed> | undefined;

/** The accepted base (suites/support/accepted-base.ts); without one, every field of the operation (spec §4). */
export function wellFormed(probe: ProbeContext): Promise<WellFormed> {
  wellFormedOnce ??= (async () => {
    const run = new CaseRun(probe);
    const base = await acceptedBase(probe, run);
    if (base !== undefined) {
      const source = base.caveat === undefined ? base.source : `${base.source}; ${base.caveat}`;
      return { present: base.present, accepted: true, source, run };
    }
    const all = probe.operation.fields.map((f) => f.name);
    return {
      present: all,
      accepted: false,
      source: `no accepted body known: the ${all.length === 5 ? 'five' : all.length} fields spec §4 shows`,
      run,
    };
  })();
  return wellFormedOnce;
}

/** A fresh well-formed body (fresh values: a unique clientState, a timestamp `shiftMs` from now). */
export async function wellFormedBody(probe: ProbeContext, shiftMs = 0, fields?: string[]): Promise<Record<string, unknown>> {
  const present = fields ?? (await wellFormed(probe)).present;
  const values = probe.values();
  return buildBody(probe.operation, present, { ...values, now: new Date(values.now.getTime() + shiftMs) });
}

/**
 * Fields of a well-formed body that has a member to repeat: the accepted base, or when that is the
 * empty body, the smallest accepted combination with a field (evidence already gathered, so no
 * request); every field when none is known.
 */
export async function fieldsWithAMember(probe: ProbeContext, run: CaseRun): Promise<string[]> {
  const { present } = await wellFormed(probe);
  if (present.length > 0) return present;
  const all = probe.operation.fields.map((f) => f.name);
  for (const field of all) {
    const base = await acceptedBase(probe, run, field);
    if (base !== undefined && base.present.length > 0) return base.present;
  }
  return all;
}

export interface Sent {
  run: CaseRun;
  exchange: Exchange;
}

const sent = new Map<string, Promise<Sent>>();

/** Sends a case's request once; the verdict case and its INFORMATIONAL twin both await the same one. */
export function sendOnce(probe: ProbeContext, key: string, send: (run: CaseRun) => Promise<Exchange>): Promise<Sent> {
  let pending = sent.get(key);
  if (pending === undefined) {
    pending = (async () => {
      const run = new CaseRun(probe);
      return { run, exchange: await send(run) };
    })();
    sent.set(key, pending);
  }
  return pending;
}

export async function recordProtocol(
  context: TestContext,
  run: CaseRun,
  id: string,
  judgement: Judgement,
  shown: ExampleExchange,
): Promise<void> {
  await finishCase(context, run, { id, kind: 'protocol', example: shown, ...judgement });
}

/**
 * The operation's path with its version segment (spec §9: v2.0 right after _api) replaced, or removed
 * when `segment` is empty; undefined when the path has no version segment of that form (Graph's is in the
 * base URL), so the version cases are skipped and say why.
 */
export function pathWithVersion(path: string, segment: string): string | undefined {
  const match = /^(.*?\/)v\d+\.\d+\/(.*)$/.exec(path);
  if (match === null) return undefined;
  return `${match[1] ?? ''}${segment}${match[2] ?? ''}`;
}
