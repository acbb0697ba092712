/**
 * Values of several fields asked in one body. A body the target accepts says that every value in it is accepted,
 * in that body; a refusal says nothing of which value it was for, so each member of a refused group is then asked
 * alone, as if no group had been sent, and the group's answer is never evidence of a refusal. Only values of their
 * field's own JSON type, sent under the field's own name, are grouped: a wrong type or another letter case is a
 * refusal expected on its own, and a group holding it would be refused for nothing learnt.
 *
 * Each group holds at most one value per field (a field's values differ in that field alone), values of the spec's
 * form or of a form the spec leaves open first, those not of its form after, so that a group of values likely
 * accepted is not refused for one that is not.
 */
import type { Exchange } from '../http/types.js';
import { classifyAnswer } from '../answer/classify.js';
import { jsonTypeOf } from '../json.js';
import type { OperationSpec, ValueClass, ValueContext } from '../operation/types.js';

export interface GroupMember {
  field: string;
  valueClass: ValueClass;
}

const key = (m: GroupMember): string => `${m.field}\u0000${m.valueClass.id}`;

/** Whether a class may share a body with other fields' values: its field's JSON type, under the field's name. */
export function groupable(valueClass: ValueClass, good: unknown, ctx: ValueContext): boolean {
  return valueClass.sendAs === undefined && jsonTypeOf(valueClass.value(ctx)) === jsonTypeOf(good);
}

/** The groups of an operation's value classes: round by round, the next groupable value of each field. */
export function planValueGroups(operation: OperationSpec, ctx: ValueContext): GroupMember[][] {
  const tiers = [(c: ValueClass) => c.expectation !== 'not-spec-form', (c: ValueClass) => c.expectation === 'not-spec-form'];
  const groups: GroupMember[][] = [];
  for (const inTier of tiers) {
    const lists = operation.fields.map((field) =>
      field.classes.filter((c) => inTier(c) && groupable(c, field.good(ctx), ctx)).map((valueClass) => ({ field: field.name, valueClass })),
    );
    const rounds = Math.max(0, ...lists.map((l) => l.length));
    for (let round = 0; round < rounds; round += 1) {
      const group = lists.flatMap((l) => (l[round] === undefined ? [] : [l[round] as GroupMember]));
      if (group.length > 1) groups.push(group);
    }
  }
  return groups;
}

/** A group's body sent: its answer, and the members it held (those whose field had an accepted body to go in). */
export interface GroupAnswer {
  exchange: Exchange;
  members: GroupMember[];
  /** The fields of the body sent. */
  present: string[];
}

/** A refused group of at least this many members is halved and each half sent as a group; a smaller one is asked alone. */
export const SPLIT_FROM = 4;

/** The most bodies a group of `size` members sends: itself, and when refused and of SPLIT_FROM or more, its halves'. */
export function mostGroupBodies(size: number): number {
  if (size < 2) return 0;
  if (size < SPLIT_FROM) return 1;
  const half = Math.ceil(size / 2);
  return 1 + mostGroupBodies(half) + mostGroupBodies(size - half);
}

const groupKey = (members: readonly GroupMember[]): string => members.map(key).join('\u0001');

/**
 * The groups of one run. Every member asks for its group's answer; the first to ask sends the group (its `send`, in
 * its own case), the others take that answer. `send` gives undefined when the group cannot be sent (fewer than two
 * members have an accepted body to go in): each is then asked alone. A refused group of SPLIT_FROM members or more is
 * halved, each half a group of its own, so that one value refused among many costs a few bodies, not one per member.
 */
export class ValueGroups {
  readonly #groupOf = new Map<string, GroupMember[]>();
  readonly #answers = new Map<string, Promise<GroupAnswer | undefined>>();
  /** Values taken as accepted from a group's body, not asked alone. */
  accepted = 0;

  constructor(groups: readonly GroupMember[][]) {
    for (const group of groups) for (const member of group) this.#groupOf.set(key(member), group);
  }

  /** The accepted body `member` was part of, or undefined: then it is asked alone. */
  async acceptedWith(
    member: GroupMember,
    send: (group: GroupMember[]) => Promise<GroupAnswer | undefined>,
  ): Promise<GroupAnswer | undefined> {
    const own = key(member);
    let group = this.#groupOf.get(own);
    // Each pass halves the group: bounded by log2 of its size.
    while (group !== undefined && group.length > 1) {
      const got = await this.#ask(group, send);
      if (got === undefined || !got.members.some((m) => key(m) === own)) return undefined;
      if (classifyAnswer(got.exchange).outcome === 'accepted') {
        this.accepted += 1;
        return got;
      }
      if (got.members.length < SPLIT_FROM) return undefined;
      const half = Math.ceil(got.members.length / 2);
      group = [got.members.slice(0, half), got.members.slice(half)].find((part) => part.some((m) => key(m) === own));
    }
    return undefined;
  }

  #ask(group: GroupMember[], send: (group: GroupMember[]) => Promise<GroupAnswer | undefined>): Promise<GroupAnswer | undefined> {
    const k = groupKey(group);
    let answer = this.#answers.get(k);
    if (answer === undefined) this.#answers.set(k, (answer = send(group)));
    return answer;
  }
}
