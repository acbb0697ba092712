import type { OperationSpec } from '../operation/types.js';
import type { Secret } from '../secret.js';

/** The probe's settings after validation. Every field has a documented default (lib/config/settings.ts). */
export interface ProbeConfig {
  /** Target base URL (no trailing slash); undefined means: start the embedded reference service. */
  baseUrl: string | undefined;
  /** Bearer token; undefined when none is configured (the embedded reference then gets a generated one). */
  accessToken: Secret | undefined;
  /** Which setting gave the token (for the start-of-run summary); absent when no token or not loaded from settings. */
  accessTokenSource?: 'ACCESS_TOKEN' | 'ACCESS_TOKEN_FILE';
  /** OAuth 2.0 token endpoint (TOKEN_URL, or TENANT_ID's Microsoft identity platform v2.0 endpoint); lib/auth. */
  tokenEndpoint: TokenEndpoint | undefined;
  /** Application (client) id the token is requested for. */
  clientId: string | undefined;
  /** Scope of the client credentials request, e.g. https://contoso.sharepoint.com/.default. */
  scope: string | undefined;
  /** How the client proves itself to the token endpoint; undefined: GitHub Actions' OIDC token when present. */
  clientCredential: ClientCredential | undefined;
  /** GitHub Actions' OIDC token request URL and bearer (set by the runner when the job has id-token: write). */
  githubOidcUrl: string | undefined;
  githubOidcToken: Secret | undefined;
  /** Send the token over plain http:// to a host that is not loopback (off by default). */
  allowInsecureToken: boolean;
  requestTimeoutMs: number;
  requestsPerSecond: number;
  concurrency: number;
  /** Hard budget of requests put on the wire in one run, retries included. */
  maxRequests: number;
  maxRunTimeMs: number;
  /** Retries after 429/503/5xx/network errors, per exchange. */
  maxRetries: number;
  /** Wait after a 429/503 without Retry-After. */
  defaultRetryAfterMs: number;
  /** Longest Retry-After the probe agrees to wait; longer ones end the exchange as `throttled`. */
  maxRetryAfterMs: number;
  /** Response bodies are recorded up to this many bytes. */
  maxRecordedBodyBytes: number;
  /** How often each matrix combination is sent (>= 2 to detect instability). */
  repeats: number;
  /** Above this many fields the presence matrix explores adaptively instead of enumerating 2^n. */
  exhaustiveMaxFields: number;
  /** The adaptive explorer's budget per field, in combinations. */
  exploreCombinationsPerField: number;
  /** Seed of the property-based suites; undefined: a random one, printed and recorded. */
  seed: number | undefined;
  /** Random bodies per property. */
  propertyRuns: number;
  /** Send PUT/PATCH/DELETE to the collection path of a configured target (protocol cases). */
  probeWriteMethods: boolean;
  /** The operation probed, compiled from its description file (OPERATION). */
  operation: OperationSpec;
  /** OpenAPI document to build the operation from instead (with operationId); lib/operation/openapi. */
  openapi: string | undefined;
  operationId: string | undefined;
  /** Fields of the accepted body the value probes start from; undefined: the matrix's smallest accepted one. */
  acceptedFields: string[] | undefined;
  /** A body known to be accepted; the explorer starts from its fields first. */
  acceptedBody: Record<string, unknown> | undefined;
  /** A HAR whose accepted creates the explorer starts from (after the bodies above); undefined: none. */
  har: string | undefined;
  /** notificationUrl sent in bodies; undefined means the probe's own receiver. */
  notificationUrl: string | undefined;
  /** Public URL forwarding to the probe's receiver (a tunnel); undefined: its loopback URL. */
  receiverPublicUrl: string | undefined;
  /** Loopback port of the receiver; 0: any free port. */
  receiverPort: number;
  /** How long the events suite waits for a notification after a change (and for a second delivery). */
  notificationWaitMs: number;
  /** How the events suite causes a change on a configured target; undefined: it cannot, and says so. */
  change: ChangeTrigger | undefined;
  /** Longest time CHANGE_COMMAND may run before it is stopped. */
  changeCommandTimeoutMs: number;
  /** How long the receiver holds its answer to a validation request in the slow-receiver case. */
  slowReceiverMs: number;
  /** Profile of the embedded reference service (ignored when baseUrl is set). */
  referenceProfile: string;
  /** Where reports are written. */
  reportDir: string;
  /** Folder of the cleanup ledger (lib/ledger). */
  ledgerDir: string;
  /** Baseline file the run is compared with (lib/baseline); undefined: no comparison. */
  baseline: string | undefined;
  /** Where npm run baseline writes <targetName>.json. */
  baselineDir: string;
  /** Name of the baseline file; undefined: derived from the report's target. */
  targetName: string | undefined;
}

/**
 * How the events suite makes the watched drive change on a configured target (the embedded reference
 * has its own trigger): a shell command (CHANGE_COMMAND) or a request sent through the probe's engine
 * (CHANGE_REQUEST "METHOD PATH [body]").
 */
export type ChangeTrigger =
  | { kind: 'command'; command: string }
  | { kind: 'request'; method: string; path: string; body: string | undefined };

/** Where the token endpoint came from, so that a token error names the setting to check. */
export interface TokenEndpoint {
  url: string;
  setting: 'TOKEN_URL' | 'TENANT_ID';
}

/** One client credential (lib/auth): the setting that gave it is named in every message about it. */
export type ClientCredential =
  | { kind: 'secret'; secret: Secret; setting: 'CLIENT_SECRET' | 'CLIENT_SECRET_FILE' }
  | { kind: 'certificate'; file: string; setting: 'CLIENT_CERTIFICATE_FILE' }
  | { kind: 'assertion-file'; file: string; setting: 'CLIENT_ASSERTION_FILE' };
