import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import * as errors from './errors.js';
import { ConfigError, HarReadError, ProbeError } from './errors.js';

describe('errors', () => {
  test('each class has a stable code of its own, and names itself', () => {
    const problems = ['a problem'];
    const made: ProbeError[] = [
      new errors.ConfigError(problems),
      new errors.CertificateFileError('x'),
      new errors.OperationFileError(problems),
      new errors.OpenApiError(problems),
      new errors.ExpressionSyntaxError('x'),
      new errors.TokenRequestError('x'),
      new errors.BearerUnavailableError('x'),
      new errors.HttpEngineUsageError('x'),
      new errors.ReceiverTimeoutError('x'),
      new errors.ReceiverClosedError('x'),
      new errors.ReceiverControlError('x'),
      new errors.HarReadError('x'),
      new errors.InvalidReportError('report.json', problems),
      new errors.BaselineFileError('BASELINE_INVALID', 'b.json', problems),
      new errors.ContractError('x'),
      new errors.PresenceSchemaError('x'),
      new errors.ShellWordsError('x'),
      new errors.CurlParseError('x'),
      new errors.InputError('x'),
      new errors.ProfileError('x'),
      new errors.RunStartError('x'),
    ];
    // Every class the module exports is made above.
    const classes = Object.values(errors).filter((value) => typeof value === 'function' && value !== ProbeError);
    expect(made.map((e) => e.constructor).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      classes.sort((a, b) => a.name.localeCompare(b.name)),
    );
    const codes = made.map((e) => e.code);
    expect(new Set(codes).size, codes.join(', ')).toBe(made.length);
    for (const e of made) {
      expect(e.code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(e.name).toBe(e.constructor.name);
      expect(e).toBeInstanceOf(Error);
      expect(e).toBeInstanceOf(ProbeError);
    }
  });

  test('instanceof holds across two copies of the module, and only for the class and its bases', async () => {
    // A second instance of the module, as vitest's module runner and Node each load their own.
    const copy = (await import(`${pathToFileURL(new URL('./errors.ts', import.meta.url).pathname).href}?copy`)) as typeof errors;
    expect(copy.ConfigError).not.toBe(ConfigError);
    const fromCopy = new copy.ConfigError(['BASE_URL: not a URL']);
    expect(fromCopy instanceof ConfigError).toBe(true);
    expect(fromCopy instanceof ProbeError).toBe(true);
    expect(fromCopy instanceof HarReadError).toBe(false);
    expect(new HarReadError('x') instanceof copy.HarReadError).toBe(true);
    expect(new Error('x') instanceof ConfigError).toBe(false);
    expect((null as unknown) instanceof ConfigError).toBe(false);
    expect(fromCopy.problems).toEqual(['BASE_URL: not a URL']);
    expect(fromCopy.message).toBe('Invalid configuration (1 problem):\n  - BASE_URL: not a URL');
  });
});
