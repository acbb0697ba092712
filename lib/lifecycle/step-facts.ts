/**
 * What each lifecycle step saw, as its case records it: the finding in words and its part of the report's facts.
 * Pure, over what the session's steps returned (session.ts), so every case's wording is tested on answers made up in
 * the test.
 */
import { isSuccessStatus } from '../http/status.js';
import type { Exchange } from '../http/types.js';
import { isObject } from '../json.js';
import { answerFields } from './answer-fields.js';
import { RENEW_FIELD } from './bounds.js';
import { deleteFinding, listFinding, patchFieldsFinding, readBackWords, readFinding, renewFinding } from './findings.js';
import { bodyOf, operationFact } from './judge.js';
import type { ListWalk } from './list-walk.js';
import { recordFields, sameJson, shortJson } from './record-fields.js';
import type { RenewalFound } from './renewal-search.js';
import type { DeleteSeen, FieldsPatched, Renewed, Subject } from './session.js';
import type { LifecyclePart } from './types.js';

export interface StepFacts {
  finding: string;
  part: LifecyclePart;
  /** The exchange the case shows as its example. */
  shown?: Exchange;
}

export interface StepPaths {
  /** The collection's path (the operation's). */
  collection: string;
  /** The item's path, the id written `{id}`. */
  item: string;
  methods: { read: string; list: string; renew: string };
}

/** The record's fields (from the create answer, else the read), and whether the read equals the create answer. */
export function readFacts(paths: StepPaths, s: Subject, read: Exchange): StepFacts {
  const createdBody = bodyOf(s.created);
  const readBody = isSuccessStatus(read.status) ? bodyOf(read) : undefined;
  const fields = recordFields(s.sent, isObject(createdBody) ? createdBody : readBody) ?? {};
  const readEqualsCreate = isObject(createdBody) && isObject(readBody) ? sameJson(createdBody, readBody) : null;
  return {
    finding: readFinding(paths.item, read.status, fields, readEqualsCreate),
    part: { operations: { read: operationFact(paths.methods.read, paths.item, read) }, record: { fields, readEqualsCreate } },
    shown: read,
  };
}

export function listFacts(paths: StepPaths, s: Subject, list: ListWalk): StepFacts {
  const createdBody = bodyOf(s.created);
  const listEntryEqualsCreate = list.entry === undefined || !isObject(createdBody) ? null : sameJson(list.entry, createdBody);
  const firstBody = bodyOf(list.first);
  const entries = isObject(firstBody) && Array.isArray(firstBody['value']) ? firstBody['value'] : undefined;
  const entryFields = entries === undefined ? undefined : answerFields(entries);
  const fact = {
    ...operationFact(paths.methods.list, paths.collection, list.first),
    containsCreated: list.containsCreated,
    pages: list.pages,
    ...(entryFields !== undefined ? { entryFields } : {}),
  };
  return {
    finding: listFinding(paths.collection, { ...list, firstStatus: list.first?.status ?? null }, listEntryEqualsCreate),
    part: { operations: { list: fact }, record: { listEntryEqualsCreate }, offOriginLinks: list.offOriginLinks },
    ...(list.first !== undefined ? { shown: list.first } : {}),
  };
}

/** The first renewal's answer, what was read back, and the longest renewal when the search ran. */
export function renewFacts(paths: StepPaths, minutes: number, first: Renewed, found: RenewalFound | undefined): StepFacts {
  const { renewed, value, readBack } = first;
  const read = readBack === undefined ? '' : readBackWords(shortJson(readBack.got), shortJson(value), sameJson(readBack.got, value));
  // A first renewal refused for its length with a shorter one accepted: renew is there, as that one shows.
  const answered = found?.shorterAccepted ?? renewed;
  return {
    finding: renewFinding(paths.item, RENEW_FIELD, minutes, renewed.status, read, found?.words ?? ''),
    part: {
      operations: { renew: operationFact(paths.methods.renew, paths.item, answered) },
      ...(found !== undefined ? { renewal: found.renewal } : {}),
    },
    shown: renewed,
  };
}

export function patchFacts(paths: StepPaths, patched: FieldsPatched): StepFacts {
  return {
    finding: patchFieldsFinding(paths.item, patched.outcomes, patched.notThere, patched.notTold),
    part: { renewal: { otherFields: patched.outcomes } },
  };
}

export function deleteFacts(paths: StepPaths, seen: DeleteSeen): StepFacts {
  const listed = seen.list.containsCreated;
  return {
    finding: deleteFinding(paths.item, {
      deleteStatus: seen.deleted.status,
      readStatus: seen.read.status,
      againStatus: seen.again.status,
      listed,
    }),
    part: {
      operations: { delete: operationFact('DELETE', paths.item, seen.deleted) },
      afterDelete: { read: seen.read.status, delete: seen.again.status, listed },
      offOriginLinks: seen.list.offOriginLinks,
    },
    shown: seen.deleted,
  };
}
