/**
 * What each lifecycle case says, from what it saw. The suite sends (read, list, renew, PATCH, delete) and records;
 * these read its answers and put them in words, and choose where the renewal search looks. Pure: no request, no
 * clock, so every wording and every choice is tested on recorded answers (findings.test.ts).
 */
import { isClientErrorStatus, isSuccessStatus } from '../http/status.js';
import type { OperationFact, PatchOutcome, RecordField, StateMove } from './types.js';

const answered = (status: number | null | undefined): string => `${status ?? 'nothing'}`;

/** `read: GET {path} answered 200; the record has id (server, string), ...; the read equals the create answer`. */
export function readFinding(
  itemPath: string,
  readStatus: number | null,
  fields: Record<string, RecordField>,
  readEqualsCreate: boolean | null,
): string {
  const listed = Object.entries(fields).map(
    ([name, f]) => `${name} (${f.origin}, ${f.type}${f.origin === 'changed' ? `: sent ${f.sent}, returned ${f.returned}` : ''})`,
  );
  const same =
    readEqualsCreate === null ? '' : readEqualsCreate ? '; the read equals the create answer' : '; the read differs from the create answer';
  return `read: GET ${itemPath} answered ${answered(readStatus)}; the record has ${listed.length === 0 ? 'no JSON fields' : listed.join(', ')}${same}`;
}

/** What a walk of the list saw, as the list case needs it. */
export interface ListSeen {
  firstStatus: number | null;
  pages: number;
  containsCreated: boolean | null;
  offOriginLinks: number;
  stopped?: string | undefined;
}

export function listFinding(collectionPath: string, list: ListSeen, listEntryEqualsCreate: boolean | null): string {
  const shows =
    list.containsCreated === null
      ? 'could not tell whether it shows the subscription'
      : list.containsCreated
        ? 'shows the subscription'
        : 'does not show the subscription';
  const same =
    listEntryEqualsCreate === null
      ? ''
      : listEntryEqualsCreate
        ? ', its entry equal to the create answer'
        : ', its entry different from the create answer';
  return (
    `list: GET ${collectionPath} answered ${answered(list.firstStatus)}; ${list.pages} page(s) read, ${shows}${same}` +
    (list.offOriginLinks > 0 ? `; ${list.offOriginLinks} next link(s) to another origin recorded, not followed` : '') +
    (list.stopped !== undefined ? `; ${list.stopped}` : '')
  );
}

/** Where the longest renewal is looked for, in minutes, and why there. */
export interface RenewalRange {
  low: number;
  high: number;
  words: string;
}

/**
 * The bisection's range after the first renewal (`firstMinutes` ahead) got `first`: accepted, the search goes up, to
 * one past the longest lifetime a create got (a renewal is unlikely to outlast a create), else to the description's
 * top; refused for its length (a 4xx other than 429, and not one that says renew is not there), down to one minute.
 * Undefined when the answer says nothing of a length: not supported, throttled, a server error, no answer.
 */
export function renewalRange(
  first: Pick<OperationFact, 'status' | 'supported'>,
  firstMinutes: number,
  createLimit: number | undefined,
  describedHigh: number,
): RenewalRange | undefined {
  if (isSuccessStatus(first.status)) {
    const fromCreate = createLimit !== undefined && createLimit + 1 > firstMinutes;
    const high = fromCreate ? createLimit + 1 : describedHigh;
    return {
      low: firstMinutes,
      high,
      words: `between ${firstMinutes} and ${high} minutes${fromCreate ? ' (the longest lifetime a create got, plus one)' : ''}`,
    };
  }
  if (first.supported === null && isClientErrorStatus(first.status) && first.status !== 429) {
    return { low: 1, high: firstMinutes, words: `between 1 and ${firstMinutes} minutes` };
  }
  return undefined;
}

/** How the renewal search ended, as the limit search (lib/values/find-limit.ts) tells it. */
export interface RenewalSearch {
  /** 'exact' and 'high-accepted' pin the longest renewal; any other end leaves it open. */
  end: string;
  largestAccepted: number | undefined;
  smallestRejected: number | undefined;
  note?: string | undefined;
}

/** The refusal just past the longest renewal: its status and error code. */
export interface RenewalEdge {
  status: number | null;
  code: string | null;
}

/** The longest renewal, when the search pinned it: exactly, or the top of the range accepted. */
export function longestRenewal(result: Pick<RenewalSearch, 'end' | 'largestAccepted'>): number | null {
  return result.end === 'exact' || result.end === 'high-accepted' ? (result.largestAccepted ?? null) : null;
}

/** `; longest renewal accepted: 4230 minutes, 4231 answered 400 invalidRequest, by bisection between 1 and 4320 minutes (13 PATCHes)`. */
export function renewalWords(result: RenewalSearch, edge: RenewalEdge | undefined, range: RenewalRange, patches: number): string {
  const longest = longestRenewal(result);
  const found =
    longest !== null
      ? `; longest renewal accepted: ${longest} minutes${
          edge === undefined
            ? ' (the largest tried)'
            : `, ${result.smallestRejected} answered ${answered(edge.status)}${edge.code === null ? '' : ` ${edge.code}`}`
        }`
      : `; longest renewal not pinned (${result.note ?? result.end})`;
  return `${found}, by bisection ${range.words} (${patches} PATCH${patches === 1 ? '' : 'es'})`;
}

export function renewFinding(
  itemPath: string,
  field: string,
  minutes: number,
  status: number | null,
  readBack: string,
  limit: string,
): string {
  return `renew: PATCH ${itemPath} with ${field} ${minutes} minutes ahead answered ${answered(status)}${readBack}${limit}`;
}

/** `; read back: "2026-...", as sent` or what came back instead. */
export function readBackWords(got: string, sent: string, same: boolean): string {
  return same ? `; read back: ${got}, as sent` : `; read back: ${got}, sent ${sent}`;
}

/**
 * PATCH of one field at a time: what each field did; `notThere`, the status of each PATCH that said the operation is
 * not there (404, 405, 501). When not one field got through and each was answered so, that is said once, as renew
 * not supported, not as each field "refused".
 */
export function patchFieldsFinding(
  itemPath: string,
  outcomes: Record<string, PatchOutcome>,
  notThere: ReadonlyMap<string, number>,
  notTold: readonly string[],
): string {
  const told = Object.entries(outcomes).map(([f, o]) => `${f} ${o}`);
  const statuses = [...new Set(notThere.values())].join(' or ');
  const head = 'PATCH of one field at a time on a second subscription';
  if (told.length === 0 && notThere.size > 0) {
    return `${head}: renew not supported (${statuses}): PATCH ${itemPath} answered ${statuses} for every field tried (${notThere.size})${
      notTold.length === 0 ? '' : `; not tried: ${notTold.join(', ')}`
    }`;
  }
  return `${head}: ${told.length === 0 ? 'none told' : told.join(', ')}${
    notThere.size === 0 ? '' : `; not there for ${[...notThere].map(([f, status]) => `${f} (${status})`).join(', ')}`
  }${notTold.length === 0 ? '' : `; not told: ${notTold.join(', ')}`}`;
}

/** What a delete did, and what a read, a second delete and the list said after it. */
export interface AfterDelete {
  deleteStatus: number | null;
  readStatus: number | null;
  againStatus: number | null;
  listed: boolean | null;
}

export function deleteFinding(itemPath: string, seen: AfterDelete): string {
  const deleted = isSuccessStatus(seen.deleteStatus);
  return (
    `delete: DELETE ${itemPath} answered ${answered(seen.deleteStatus)}; after it, a read answered ${answered(seen.readStatus)}, ` +
    `a second DELETE ${answered(seen.againStatus)} (${isSuccessStatus(seen.againStatus) ? 'delete is idempotent' : 'delete is not idempotent'}), ` +
    `and the list ${seen.listed === null ? 'could not be read to its end' : seen.listed ? 'still shows it' : 'no longer shows it'}` +
    (isSuccessStatus(seen.readStatus) && deleted ? '; a deleted subscription is still readable' : '')
  );
}

/** `states seen: none, active, deleted; moves: none --create 201--> active; ...`. */
export function statesFinding(moves: readonly StateMove[]): string {
  const seen = [...new Set(moves.flatMap((m) => [m.from, m.to]))];
  const words = moves.map((m) => `${m.from} --${m.action} ${m.status ?? 'no answer'}--> ${m.to}`);
  return `states seen: ${seen.join(', ')}; moves: ${words.join('; ')}`;
}
