import { describe, expect, test } from 'vitest';
import { formatRequestsBySuite, formatSecondsBySuite, parseSuiteCosts } from './requests-by-suite.js';

describe('suite costs on the console', () => {
  test('the two lines read back as the rows they were written from', () => {
    const rows = [
      { suite: '01-spec-observations', requests: 3, seconds: 0.12 },
      { suite: '06-events', requests: 7, seconds: 5.46 },
    ];
    const stdout = `other output\n${formatRequestsBySuite(rows)}\n${formatSecondsBySuite(rows)}\nmore\n`;
    expect(parseSuiteCosts(stdout)).toEqual([
      { suite: '01-spec-observations', requests: 3, seconds: 0.1 },
      { suite: '06-events', requests: 7, seconds: 5.5 },
    ]);
  });

  test('a console without the seconds line gives the requests and NaN seconds; without either, no rows', () => {
    expect(parseSuiteCosts('requests by suite: 02-presence-matrix 68')).toEqual([
      { suite: '02-presence-matrix', requests: 68, seconds: Number.NaN },
    ]);
    expect(parseSuiteCosts('nothing here')).toEqual([]);
  });
});
