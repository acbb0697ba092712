import { describe, expect, test } from 'vitest';
import { isClientErrorStatus, isRedirectStatus, isSuccessStatus } from './status.js';

describe('status classes', () => {
  test.each([
    [null, false, false, false],
    [199, false, false, false],
    [200, true, false, false],
    [299, true, false, false],
    [300, false, true, false],
    [399, false, true, false],
    [400, false, false, true],
    [499, false, false, true],
    [500, false, false, false],
  ])('%s: 2xx %s, 3xx %s, 4xx %s', (status, success, redirect, clientError) => {
    expect([isSuccessStatus(status), isRedirectStatus(status), isClientErrorStatus(status)]).toEqual([success, redirect, clientError]);
  });
});
