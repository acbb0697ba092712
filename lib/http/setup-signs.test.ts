import { expect, test } from 'vitest';
import { commonSetupSign } from './setup-signs.js';

test('one sign only when every answer gives it, the most specific first', () => {
  expect(commonSetupSign([401, 401])).toBe('token-refused');
  expect(commonSetupSign([401, 403])).toBe('token-refused-or-forbidden');
  expect(commonSetupSign([404])).toBe('not-found');
  expect(commonSetupSign([302, 307])).toBe('redirected');
  for (const mixed of [[401, 400], [404, 405], [302, 200], [401, null], [], [400]]) expect(commonSetupSign(mixed)).toBeUndefined();
});
