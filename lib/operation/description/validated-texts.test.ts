import { afterEach, beforeEach, expect, test } from 'vitest';
import { OperationFileError, parseDescription } from './load.js';
import { VALIDATED_DESCRIPTIONS_ENV, isKnownValid, rememberValid } from './validated-texts.js';

const valid = JSON.stringify({
  id: 'remembered-create',
  summary: 'Create a thing',
  method: 'POST',
  path: '/things',
  fields: [{ name: 'name', specRef: 'open', good: { kind: 'unique', prefix: 'thing-' } }],
});

let saved: string | undefined;
beforeEach(() => {
  saved = process.env[VALIDATED_DESCRIPTIONS_ENV];
  delete process.env[VALIDATED_DESCRIPTIONS_ENV];
});
afterEach(() => {
  if (saved === undefined) delete process.env[VALIDATED_DESCRIPTIONS_ENV];
  else process.env[VALIDATED_DESCRIPTIONS_ENV] = saved;
});

test('a text found valid is remembered by its hash; a changed byte is checked again', () => {
  expect(isKnownValid(valid)).toBe(false);
  parseDescription(valid, 'op.json');
  expect(isKnownValid(valid)).toBe(true);
  expect(process.env[VALIDATED_DESCRIPTIONS_ENV]).toMatch(/^[0-9a-f]{64}$/); // a hash, not the text
  const changed = valid.replace('"POST"', '"GET"');
  expect(isKnownValid(changed)).toBe(false);
  expect(() => parseDescription(changed, 'op.json')).toThrow(OperationFileError);
});

test('an invalid text is never remembered, so it fails each time', () => {
  const broken = valid.replace('"POST"', '"GET"');
  for (let i = 0; i < 2; i += 1) expect(() => parseDescription(broken, 'op.json')).toThrow(/method: must be one of/);
  expect(isKnownValid(broken)).toBe(false);
});

test('at most 8 hashes are kept, the latest; anything else in the variable is ignored', () => {
  process.env[VALIDATED_DESCRIPTIONS_ENV] = 'not-a-hash';
  expect(isKnownValid('not-a-hash')).toBe(false);
  const texts = Array.from({ length: 10 }, (_, i) => `text ${i}`);
  for (const t of texts) rememberValid(t);
  expect(process.env[VALIDATED_DESCRIPTIONS_ENV]?.split(',')).toHaveLength(8);
  expect(isKnownValid('text 9')).toBe(true);
  expect(isKnownValid('text 1')).toBe(false);
});
