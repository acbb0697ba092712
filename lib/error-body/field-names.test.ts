import { expect, test } from 'vitest';
import { fieldsInText, fieldsNamed, fieldsQuoted, maskFields } from './field-names.js';

const FIELDS = ['changeType', 'resource', 'clientState', 'f1', 'f10', '@odata.type'];

test('quoted names first, then bare whole words in order of mention; never a longer word', () => {
  expect(fieldsInText("The property 'resource' is read-only; changeType too", FIELDS)).toEqual(['resource', 'changeType']);
  expect(fieldsInText('Present: f10, f1. Accepted when: f1 && !f10.', FIELDS)).toEqual(['f10', 'f1']);
  expect(fieldsInText('resources and changeTypes are not fields; @odata.type is', FIELDS)).toEqual(['@odata.type']);
  expect(fieldsInText('resourceId, my_resource, resource-path and $resource are other names', FIELDS)).toEqual([]);
});

test('every way frameworks write a name: any quote, any case, a path before it, a colon after it', () => {
  expect(fieldsInText('“clientState” is too long', FIELDS)).toEqual(['clientState']);
  expect(fieldsInText('`CHANGETYPE` must be a string', FIELDS)).toEqual(['changeType']);
  expect(fieldsInText('body/resource must be string', FIELDS)).toEqual(['resource']);
  expect(fieldsInText('The Resource field is required.', FIELDS)).toEqual(['resource']);
  expect(fieldsInText('clientState: too long', FIELDS)).toEqual(['clientState']);
  expect(fieldsQuoted("'resource' is required; clientState too", FIELDS)).toEqual(['resource']);
});

test('masking keeps the quotes and replaces every spelling', () => {
  expect(maskFields("'resource' and Resource and resourceId", FIELDS)).toBe("'<field>' and <field> and resourceId");
  expect(maskFields('f10 then f1', FIELDS)).toBe('<field> then <field>');
});

test('fieldsNamed: by structure, without regard to case, or in the text; in the fields order', () => {
  expect(fieldsNamed({ names: ['ClientState', 'other'], message: 'property resource should not exist' }, FIELDS)).toEqual([
    'resource',
    'clientState',
  ]);
  expect(fieldsNamed({}, FIELDS)).toEqual([]);
});

test('a name of several words counts written in words, as Laravel and SharePoint write it', () => {
  const fields = ['notificationUrl', 'expirationDateTime', 'client_state'];
  expect(fieldsInText("Failed to validate the notification URL 'http://127.0.0.1/n'", fields)).toEqual(['notificationUrl']);
  expect(fieldsInText('The expiration date time field is required.', fields)).toEqual(['expirationDateTime']);
  expect(fieldsInText('client state is too long', fields)).toEqual(['client_state']);
  expect(fieldsInText('a notification was sent', fields)).toEqual([]);
  expect(maskFields('The notification URL and the notificationUrl', fields)).toBe('The <field> and the <field>');
});
