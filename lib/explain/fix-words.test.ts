import { describe, expect, test } from 'vitest';
import { readCondition } from '../../test/support/read-words.js';
import { evaluate } from '../rule/expression.js';
import { combinations } from '../rule/field-set.js';
import { clauseWords, singleCauseSentence, singleChangeWords } from './fix-words.js';
import type { SingleChange } from './singles.js';

const add = (field: string): SingleChange => ({ kind: 'add', field });
const remove = (field: string): SingleChange => ({ kind: 'remove', field });
const replace = (field: string): SingleChange => ({ kind: 'replace-value', field });
const rename = (from: string, field: string): SingleChange => ({ kind: 'rename', field, from });
const zone = (field: string, value: string): SingleChange => ({ kind: 'add-zone', field, value });
const ONLINE = { refused: 'this body is refused (400)', fixed: 'gets 201' };

describe('the words explain says of changes of one field', () => {
  test.each([
    [[add('resource'), remove('changeType')], 'changeType needs resource'],
    [[add('resource'), add('clientState'), remove('changeType')], 'changeType needs at least one of resource and clientState'],
    [[add('resource')], 'the body needs resource'],
    [[add('resource'), add('clientState')], 'the body needs at least one of resource and clientState'],
    [[remove('resource')], 'resource is refused in this body'],
    [[remove('changeType'), remove('resource')], 'changeType and resource are not taken together'],
    [[remove('a'), remove('b'), remove('c')], 'a, b and c are not taken all together'],
    [[remove('a'), remove('b'), add('c')], undefined],
    [[replace('expirationDateTime')], undefined],
    [[zone('expirationDateTime', '2030-01-05T10:00:00Z'), replace('expirationDateTime')], undefined],
    [[remove('notificationUrl'), replace('notificationUrl')], undefined],
    [[rename('Resource', 'resource')], 'the target reads property names case-sensitively: resource, not Resource'],
    [[rename('Resource', 'resource'), remove('Resource')], 'the target reads property names case-sensitively: resource, not Resource'],
  ])('%j: %s', (changes, clause) => {
    expect(clauseWords(changes)).toBe(clause);
  });

  test.each([
    [add('resource'), 'add resource (at a known-good value)'],
    [remove('changeType'), 'take out changeType'],
    [replace('notificationUrl'), 'replace the value of notificationUrl with a known-good one'],
    [rename('CHANGETYPE', 'changeType'), 'rename CHANGETYPE to changeType (its value as given)'],
    [zone('expirationDateTime', '2030-01-05T10:00:00Z'), 'add the zone Z to expirationDateTime ("2030-01-05T10:00:00Z")'],
  ])('%j reads "%s"', (change, words) => {
    expect(singleChangeWords(change)).toBe(words);
  });

  test.each([
    [
      [add('resource'), remove('changeType')],
      [],
      'changeType needs resource: this body is refused (400) while changeType is present and resource is absent, and any one of the changes below gets 201.',
    ],
    [
      [remove('resource')],
      [],
      'resource is refused in this body: this body is refused (400) while resource is present, and the change below gets 201.',
    ],
    [
      [replace('expirationDateTime')],
      [],
      'this body is refused (400) with the value of expirationDateTime as given, and the change below gets 201.',
    ],
    [
      [remove('notificationUrl'), replace('notificationUrl')],
      [],
      'this body is refused (400) while notificationUrl is present, with the value of notificationUrl as given, and any one of the changes below gets 201.',
    ],
    [
      [remove('changeType'), add('resource')],
      ['notificationUrl'],
      'changeType needs resource: this body is refused (400) while changeType is present and resource is absent, and with the value of notificationUrl replaced by a known-good one, any one of the changes below gets 201.',
    ],
    [
      [zone('expirationDateTime', '2030-01-05T10:00:00Z'), replace('expirationDateTime')],
      [],
      'this body is refused (400) with the value of expirationDateTime as given, and any one of the changes below gets 201.',
    ],
    [
      [rename('Resource', 'resource')],
      [],
      'the target reads property names case-sensitively: resource, not Resource: this body is refused (400) while either Resource is present or resource is absent, and the change below gets 201.',
    ],
  ])('%j with %j: the cause', (changes, along, sentence) => {
    expect(singleCauseSentence(changes, ONLINE, along)).toBe(sentence);
  });

  test('the condition in a cause is the grammar of the rule in words, and states what each change undoes', () => {
    const changes = [add('resource'), add('clientState'), remove('changeType'), remove('notificationUrl')];
    const sentence = singleCauseSentence(changes, ONLINE);
    const condition = /while (.+), and any one/.exec(sentence)?.[1] ?? '';
    const expr = readCondition(condition);
    const fields = ['changeType', 'notificationUrl', 'resource', 'clientState'];
    // True exactly on the body's side of every change: changeType and notificationUrl present, the others absent.
    const holding = combinations(fields).filter((present) => evaluate(expr, new Set(present)));
    expect(holding).toEqual([['changeType', 'notificationUrl']]);
  });
});
