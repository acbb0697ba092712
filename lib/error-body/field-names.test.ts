import { describe, expect, test } from 'vitest';
import { fieldsInText, fieldsNamed, fieldsQuoted, isOrdinaryWord, maskFields } from './field-names.js';

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

test('masking keeps the quotes and replaces every spelling where the field is named, and only there', () => {
  expect(maskFields("'resource' and Resource is required and resourceId", FIELDS)).toBe("'<field>' and <field> is required and resourceId");
  expect(maskFields('a resource and Resource are words here', FIELDS)).toBe('a resource and Resource are words here');
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

describe('a field named like an ordinary word is named only where it stands as a property', () => {
  test.each<[string, string[]]>([
    ['The requested resource does not accept this media type', []],
    ['The method PATCH is not supported on this resource; allowed: GET.', []],
    ['No resource was found at this address', []],
    ['The requested resource: permission denied', []],
    ["'resource' is required", ['resource']],
    ['body/resource must be string', ['resource']],
    ["Key: 'Req.Resource' Error:Field validation for 'Resource' failed on the 'required' tag", ['resource']],
    ['create.request.resource: must not be blank', ['resource']],
    ['$.resource is invalid', ['resource']],
    ['/resource must match pattern', ['resource']],
    ['resource[0] is wrong', ['resource']],
    ['property resource should not exist', ['resource']],
    ['expected required property resource to be present', ['resource']],
    ['Missing required param: resource.', ['resource']],
    ['resource: This value should not be blank.', ['resource']],
    ['The value is wrong; resource: too long', ['resource']],
    ['The Resource field is required.', ['resource']],
    ['resource is required when changeType is given', ['resource', 'changeType']],
    ['resource must be a string', ['resource']],
    ['resource is not allowed', ['resource']],
    ['Resource is missing', ['resource']],
    ['resource exceeds the maximum length', ['resource']],
    ['Present: changeType, notificationUrl, Resource. Accepted when: changeType && resource', ['changeType', 'resource']],
    ['Accepted when: resource || changeType', ['resource', 'changeType']],
    ['changeType,resource', ['changeType', 'resource']],
    ['The changeType resource was not found', ['changeType']],
    ['changeType, then the resource was gone', ['changeType']],
  ])('%s', (text, named) => {
    expect(fieldsInText(text, ['resource', 'changeType'])).toEqual(named);
  });

  test('in a list, only beside a name no English word spells: a list of ordinary words may be prose', () => {
    expect(fieldsInText('Enter a name, color and size', ['name', 'color', 'size'])).toEqual([]);
    expect(fieldsInText('Present: clientState, name, color', ['name', 'color', 'clientState'])).toEqual(['clientState', 'name']);
  });

  test('a name written in words counts in the plural too', () => {
    const fields = ['notificationUrl', 'expirationDateTime'];
    expect(fieldsInText('The service only validates loopback notification URLs', fields)).toEqual(['notificationUrl']);
    expect(fieldsInText('notification URLs and expiration date times', fields)).toEqual(fields);
    expect(fieldsInText('the notification URLsx', fields)).toEqual([]);
  });

  test('what is no English word counts wherever it stands as a word: a camelCase name, digits, a name in words', () => {
    expect(isOrdinaryWord('resource')).toBe(true);
    expect(isOrdinaryWord('Resource')).toBe(true);
    expect(isOrdinaryWord('changeType')).toBe(false);
    expect(isOrdinaryWord('f1')).toBe(false);
    expect(fieldsInText('the changeType and clientState were sent', FIELDS)).toEqual(['changeType', 'clientState']);
  });
});

test('fieldsNamed: a structural name is a path, and names the first of its steps that is a field', () => {
  const fields = ['resource', 'changeType', 'address'];
  expect(fieldsNamed({ names: ['create.request.resource'] }, fields)).toEqual(['resource']);
  expect(fieldsNamed({ names: ['address.city'] }, fields)).toEqual(['address']);
  expect(fieldsNamed({ names: ['items[0].CHANGETYPE'] }, fields)).toEqual(['changeType']);
  expect(fieldsNamed({ names: ['create.arg0'] }, fields)).toEqual([]);
});
