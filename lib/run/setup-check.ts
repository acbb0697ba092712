/**
 * Setup mistakes caught before any suite judges the target: a base URL whose path is not the service, a
 * token the service refuses, a login page or proxy that redirects everything. Two requests tell: a GET of
 * the operation's path and the operation's own method with an empty JSON object, a body no service creates
 * anything from (it lacks every field). When both get the same kind of refusal, every case would too, and
 * the run would blame the target for the user's settings; it stops instead, with the setting to check.
 * A target that answers 404 or 401 to some bodies only, or only without a token, passes: one of the two
 * requests gets another answer. A 405 to the operation's own method stops it whatever the GET got: no body changes
 * which methods a path allows.
 */
import { OperationClient } from '../create/client.js';
import { NO_DELETE_PATH } from '../create/undo-plan.js';
import type { BearerSource } from '../http/bearer.js';
import { HttpEngine, type EngineLimits } from '../http/engine.js';
import { preflight } from '../http/preflight.js';
import { CHECK_REDIRECT, CHECK_TOKEN, commonSetupSign } from '../http/setup-signs.js';
import { isSuccessStatus } from '../http/status.js';
import type { Exchange, RequestSpec } from '../http/types.js';
import type { OperationSpec } from '../operation/types.js';
import type { Secret } from '../secret.js';

/** The two requests, in the order sent. */
export function setupRequests(operation: Pick<OperationSpec, 'method' | 'path' | 'headers'>): RequestSpec[] {
  return [
    { method: 'GET', path: operation.path },
    { method: operation.method, path: operation.path, headers: { ...operation.headers }, body: '{}' },
  ];
}

/**
 * What a stop before any suite says of the setup: the target cannot be reached, does not serve the operation (404 or
 * 405 to everything asked), refuses the token (401 or 403 to everything), or redirects everything.
 */
export type SetupStopKind = 'unreachable' | 'not-served' | 'token-refused' | 'redirected';

export interface SetupStop {
  kind: SetupStopKind;
  /** The one line to stop the run with. */
  line: string;
  /** The statuses of the answers that told. */
  statuses: (number | null)[];
}

/** The one line to stop with, or undefined when the answers leave the setup in no doubt. */
export function setupProblem(
  exchanges: readonly Exchange[],
  baseUrl: string,
  operation: Pick<OperationSpec, 'method' | 'path'>,
  tokenGiven = true,
): string | undefined {
  return setupStop(exchanges, baseUrl, operation, tokenGiven)?.line;
}

/** `setupProblem`, with what kind of stop it is. */
export function setupStop(
  exchanges: readonly Exchange[],
  baseUrl: string,
  operation: Pick<OperationSpec, 'method' | 'path'>,
  tokenGiven = true,
): SetupStop | undefined {
  const statuses = exchanges.map((e) => e.status);
  if (statuses.length < 2) return undefined;
  const sign = commonSetupSign(statuses);
  const asked = `GET and ${operation.method} ${operation.path}`;
  const stop = (kind: SetupStopKind, line: string): SetupStop => ({ kind, line, statuses });
  if (sign === 'not-found') {
    return stop(
      'not-served',
      `the target answers 404 to ${asked} under BASE_URL ${baseUrl}: the base path is likely wrong (the probe appends ${operation.path}); check BASE_URL`,
    );
  }
  if ((sign === 'token-refused' || sign === 'token-refused-or-forbidden') && !tokenGiven) {
    return stop(
      'token-refused',
      `the target refused requests without a token (${statuses.join(' and ')} to ${asked}), and none was given: set ACCESS_TOKEN, ACCESS_TOKEN_FILE or client credentials (docs/tokens.md)`,
    );
  }
  if (sign === 'token-refused' || sign === 'token-refused-or-forbidden') {
    return stop('token-refused', `the target refused the run's token (${statuses.join(' and ')} to ${asked}): ${CHECK_TOKEN}`);
  }
  if (sign === 'redirected') {
    const location = exchanges[0]?.responseHeaders['location'];
    return stop(
      'redirected',
      `the target redirects ${asked} (${statuses.join(' and ')}${location !== undefined ? ` to ${location.slice(0, 120)}` : ''}); ${CHECK_REDIRECT}`,
    );
  }
  return methodNotAllowed(statuses, operation, stop);
}

/**
 * 405 to the operation's own method: no body changes that, every case would get it. So does 404 or 405 to both
 * requests, a path that is served for no method of the two.
 */
function methodNotAllowed(
  statuses: readonly (number | null)[],
  operation: Pick<OperationSpec, 'method' | 'path'>,
  stop: (kind: SetupStopKind, line: string) => SetupStop,
): SetupStop | undefined {
  const [get, own] = statuses;
  const missed = (s: number | null | undefined): boolean => s === 404 || s === 405;
  if (own !== 405 && !(missed(get) && missed(own))) return undefined;
  return stop(
    'not-served',
    `the target does not serve ${operation.method} ${operation.path} (${String(own)} to it, ${String(get)} to GET): check the operation's method and path (OPERATION, OPENAPI) and BASE_URL`,
  );
}

export interface SetupCheckOptions {
  limits: EngineLimits;
  baseUrl: string;
  token: Secret | BearerSource | undefined;
  operation: OperationSpec;
}

export interface SetupCheck {
  stop?: string;
  /** What kind of stop `stop` is. */
  stopKind?: SetupStopKind;
  notes: string[];
  /** Every exchange the check had with the target (the run counts them and keeps them with its own). */
  exchanges: Exchange[];
}

/**
 * The check before any suite: the one line to stop the run with (the target cannot be reached, or its
 * first two answers show the setup is wrong), or undefined; and what to print besides. Should the target
 * create something from the empty body, it is undone here, as every case undoes its creates.
 */
export async function checkSetup(o: SetupCheckOptions): Promise<SetupCheck> {
  const checked = await preflight(
    { config: o.limits, baseUrl: o.baseUrl, token: o.token, path: o.operation.path },
    setupRequests(o.operation),
  );
  const exchanges = [...checked.exchanges];
  if (checked.unreachable !== undefined) return { stop: checked.unreachable, stopKind: 'unreachable', notes: [], exchanges };
  const stop = setupStop(checked.exchanges, o.baseUrl, o.operation, o.token !== undefined);
  if (stop !== undefined) return { stop: stop.line, stopKind: stop.kind, notes: [], exchanges };
  const emptyBody = checked.exchanges[1];
  if (emptyBody === undefined || !isSuccessStatus(emptyBody.status)) return { notes: [], exchanges };
  if (o.operation.cleanup === undefined) {
    return {
      notes: [
        `the target accepted the setup check's empty body (status ${emptyBody.status}); ${NO_DELETE_PATH}: what it made, if anything, is not deleted`,
      ],
      exchanges,
    };
  }
  const engine = HttpEngine.fromConfig(o.limits, o.baseUrl, o.token, { onExchange: (e) => exchanges.push(e) });
  try {
    const client = new OperationClient((request) => engine.send(request), o.operation);
    await client.undoCreate(emptyBody);
    return { notes: client.cleanupFailures.map((failure) => `the target accepted the setup check's empty body; ${failure}`), exchanges };
  } finally {
    await engine.close();
  }
}
