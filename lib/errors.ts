/**
 * Every error the tool throws on purpose, in one module. Each has a stable `code` a caller or a script may switch on,
 * and an `instanceof` that holds across copies of this module: lib is loaded once by Node for the run and again by
 * vitest in the suites' worker, and the compiled dist/ runs beside the sources. An instance carries the
 * kinds of its class chain under a brand registered with Symbol.for, which every copy reads alike (undici's
 * lib/core/errors.js does the same). A message is a line safe to print: none holds a secret or key material.
 */

const BRAND = Symbol.for('subscription-conformance.error');

export abstract class ProbeError extends Error {
  /** The class's name, which `instanceof` compares: each subclass names itself. */
  static readonly kind: string = 'ProbeError';
  abstract readonly code: string;

  constructor(message: string) {
    super(message);
    const kinds: string[] = [];
    for (let c: unknown = new.target; typeof c === 'function' && c !== Error; c = Object.getPrototypeOf(c)) {
      kinds.push((c as typeof ProbeError).kind);
    }
    Object.defineProperty(this, BRAND, { value: kinds });
    this.name = kinds[0] ?? 'ProbeError';
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value !== 'object' || value === null) return false;
    const kinds = (value as Record<symbol, unknown>)[BRAND];
    return Array.isArray(kinds) && kinds.includes(this.kind);
  }
}

const lines = (problems: readonly string[]): string => problems.join('\n');

// Settings and the files they name.

/** Thrown by loadConfig with every problem found, one line each, each naming its setting. */
export class ConfigError extends ProbeError {
  static override readonly kind = 'ConfigError';
  readonly code = 'CONFIG_INVALID';
  constructor(readonly problems: readonly string[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(`Invalid configuration (${count}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** A certificate file that cannot be used; the message never holds key material. */
export class CertificateFileError extends ProbeError {
  static override readonly kind = 'CertificateFileError';
  readonly code = 'CERTIFICATE_FILE_UNUSABLE';
}

/** An operation description that cannot be used, every problem a line. */
export class OperationFileError extends ProbeError {
  static override readonly kind = 'OperationFileError';
  readonly code = 'OPERATION_INVALID';
  constructor(readonly problems: readonly string[]) {
    super(lines(problems));
  }
}

/** An OpenAPI document, or its operation, that cannot be probed, every problem a line. */
export class OpenApiError extends ProbeError {
  static override readonly kind = 'OpenApiError';
  readonly code = 'OPENAPI_UNUSABLE';
  constructor(readonly problems: readonly string[]) {
    super(lines(problems));
  }
}

/** An acceptance rule's text that does not parse. */
export class ExpressionSyntaxError extends ProbeError {
  static override readonly kind = 'ExpressionSyntaxError';
  readonly code = 'EXPRESSION_SYNTAX';
}

// Tokens and the engine.

/** The token could not be had; the message is the whole line, safe to print. */
export class TokenRequestError extends ProbeError {
  static override readonly kind = 'TokenRequestError';
  readonly code = 'TOKEN_REQUEST_FAILED';
}

/** A token source could not give a token (its endpoint failed mid-run); the message names no secret. */
export class BearerUnavailableError extends ProbeError {
  static override readonly kind = 'BearerUnavailableError';
  readonly code = 'BEARER_UNAVAILABLE';
}

/** The engine's caller made a mistake: bad options, an invalid request, use after close. */
export class HttpEngineUsageError extends ProbeError {
  static override readonly kind = 'HttpEngineUsageError';
  readonly code = 'HTTP_ENGINE_USAGE';
}

// The run's start.

/** What the suites stand on could not be started (the receiver, the embedded reference, the cleanup ledger): one line. */
export class RunStartError extends ProbeError {
  static override readonly kind = 'RunStartError';
  readonly code = 'RUN_START_FAILED';
}

// The notification receiver's API.

export class ReceiverTimeoutError extends ProbeError {
  static override readonly kind = 'ReceiverTimeoutError';
  readonly code = 'RECEIVER_TIMEOUT';
}

export class ReceiverClosedError extends ProbeError {
  static override readonly kind = 'ReceiverClosedError';
  readonly code = 'RECEIVER_CLOSED';
}

/** The control API answered something other than what was asked for. */
export class ReceiverControlError extends ProbeError {
  static override readonly kind = 'ReceiverControlError';
  readonly code = 'RECEIVER_CONTROL';
}

// Files read back: a HAR, a report, a baseline, a contract.

export class HarReadError extends ProbeError {
  static override readonly kind = 'HarReadError';
  readonly code = 'HAR_READ';
}

/** A report that breaks behaviour-report.schema.json: a bug in whatever built or edited it. */
export class InvalidReportError extends ProbeError {
  static override readonly kind = 'InvalidReportError';
  readonly code = 'REPORT_INVALID';
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(`${source} does not match behaviour-report.schema.json:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** A baseline file that cannot be used: missing, not JSON, or not baseline.schema.json. */
export class BaselineFileError extends ProbeError {
  static override readonly kind = 'BaselineFileError';
  constructor(
    readonly code: 'BASELINE_UNREADABLE' | 'BASELINE_INVALID',
    readonly path: string,
    readonly problems: readonly string[],
  ) {
    super(`${path}: ${problems.join('; ')}`);
  }
}

/** A contract (--contract) that cannot be compared with: not an OpenAPI document, or without the operation. */
export class ContractError extends ProbeError {
  static override readonly kind = 'ContractError';
  readonly code = 'CONTRACT_UNUSABLE';
}

/** The observed presence rule and the schema made of it disagree: a bug in the contract's builder. */
export class PresenceSchemaError extends ProbeError {
  static override readonly kind = 'PresenceSchemaError';
  readonly code = 'CONTRACT_PRESENCE_MISMATCH';
}

// explain's input.

export class ShellWordsError extends ProbeError {
  static override readonly kind = 'ShellWordsError';
  readonly code = 'SHELL_WORDS';
}

export class CurlParseError extends ProbeError {
  static override readonly kind = 'CurlParseError';
  readonly code = 'CURL_PARSE';
}

/** A body or command given to explain that cannot be read; the message names the input and never quotes it. */
export class InputError extends ProbeError {
  static override readonly kind = 'InputError';
  readonly code = 'EXPLAIN_INPUT';
}

// The embedded reference service.

/** A reference profile file (REFERENCE_PROFILE, the admin API) that cannot be used. */
export class ProfileError extends ProbeError {
  static override readonly kind = 'ProfileError';
  readonly code = 'REFERENCE_PROFILE_INVALID';
}
