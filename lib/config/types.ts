import type { EnginePace } from '../http/engine.js';
import type { OperationSpec } from '../operation/types.js';
import type { Secret } from '../secret.js';

/**
 * A probe's settings after validation: one value, read once by the command from defaults, `.env`, the
 * environment and its flags (lib/config/load-config.ts), grouped by concern so that each part of the tool
 * takes the part it needs. Every field has a documented default (lib/config/settings.ts). The run hands this
 * value to the suites' worker (lib/config/wire.ts), never through the environment.
 */
export interface Settings {
  target: TargetSettings;
  credentials: CredentialSettings;
  pacing: PacingSettings;
  exploration: ExplorationSettings;
  receiver: ReceiverSettings;
  reports: ReportSettings;
  network: NetworkSettings;
  ci: CiSettings;
}

/**
 * Whether the target is an embedded reference service: one the run starts (no BASE_URL), or the one a campaign started
 * for all its runs. Either makes its own changes for the events suite and serves every method.
 */
export function servedByReference(target: Pick<TargetSettings, 'baseUrl' | 'sharedReference'>): boolean {
  return target.baseUrl === undefined || target.sharedReference === true;
}

/** Is this a campaign: a document given without the one operation to probe (lib/run/campaign.ts). */
export function isCampaign(settings: Pick<Settings, 'target'>): boolean {
  return settings.target.openapi !== undefined && settings.target.operationId === undefined;
}

/** What is probed: where, which operation, and what is known to be accepted. */
export interface TargetSettings {
  /** Target base URL (no trailing slash); undefined means: start the embedded reference service. */
  baseUrl: string | undefined;
  /** Profile of the embedded reference service (ignored when baseUrl is set, unless sharedReference says it is one). */
  referenceProfile: string;
  /**
   * baseUrl is an embedded reference service of `referenceProfile` that a campaign started for all its runs (so that
   * a producer's instance outlives its run): each run reads it as the embedded reference it is, not a configured target.
   */
  sharedReference?: true;
  /** The operation probed, compiled from its description file (OPERATION) or built from OPENAPI. */
  operation: OperationSpec;
  /** DELETE_PATH: the delete path template (with `{id}`) when the description names none; lib/create/undo-plan.ts. */
  deletePath: string | undefined;
  /** KEEP_CREATED: go on creating when no way to delete is known, and leave what was created. */
  keepCreated: boolean;
  /** OpenAPI document to build the operation from instead (with operationId); lib/operation/openapi. */
  openapi: string | undefined;
  operationId: string | undefined;
  /** OPERATIONS: the operations of OPENAPI a campaign probes (ids or `METHOD /path` globs); undefined: every one with a body. */
  operations: string[] | undefined;
  /** PATH_VALUES: values of an OPENAPI operation's path parameters, by name. */
  pathValues: Record<string, string> | undefined;
  /** Fields of the accepted body the value probes start from; undefined: the matrix's smallest accepted one. */
  acceptedFields: string[] | undefined;
  /** A body known to be accepted; the explorer starts from its fields first. */
  acceptedBody: Record<string, unknown> | undefined;
  /** Send PUT/PATCH/DELETE to the collection path of a configured target (protocol cases). */
  probeWriteMethods: boolean;
}

/** The token: given, or got by client credentials; and whether it may travel in clear text. */
export interface CredentialSettings {
  /** Bearer token; undefined when none is configured (the embedded reference then gets a generated one). */
  accessToken: Secret | undefined;
  /** Which setting gave the token (for the start-of-run summary); absent when no token was given. */
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
}

/** The engine's pace and the run's budget: the engine's own options (lib/http/engine.ts), as the settings give them. */
export type PacingSettings = EnginePace;

export type Repeats = number | 'auto';

/** Answers each matrix combination gets before any is asked again: one under `auto`. */
export const firstAsks = (repeats: Repeats): number => (repeats === 'auto' ? 1 : repeats);

/** How much the suites ask: repeats, the explorer's budget and the recorded traffic it starts from, the properties' runs and seed. */
export interface ExplorationSettings {
  /**
   * How often each matrix combination is sent: `auto`, once and again only where a finding rests on that answer alone
   * (lib/matrix/support-asks.ts); a number, that many times each (>= 2 to detect instability on every combination).
   */
  repeats: Repeats;
  /** Above this many fields the presence matrix explores adaptively instead of enumerating 2^n. */
  exhaustiveMaxFields: number;
  /** The adaptive explorer's budget per field, in combinations. */
  exploreCombinationsPerField: number;
  /** Seed of the property-based suites; undefined: a random one, printed and recorded. */
  seed: number | undefined;
  /** Random bodies per property. */
  propertyRuns: number;
  /**
   * A HAR whose creates of the operation answered 2xx: the presence explorer starts from them, after the bodies known
   * to the target settings (ACCEPTED_BODY, ACCEPTED_FIELDS), the description's and the baseline's; undefined: none.
   */
  har: string | undefined;
}

/** Where notifications go, and how the events suite makes the watched drive change. */
export interface ReceiverSettings {
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
  /** The longest hold, in whole seconds, the handshake-deadline search tries; 0: no search. */
  handshakeDeadlineMaxSeconds: number;
}

/** What the run writes and keeps: reports, the cleanup ledger, baselines. */
export interface ReportSettings {
  /** Where reports are written. */
  reportDir: string;
  /** Folder of the cleanup ledger (lib/ledger). */
  ledgerDir: string;
  /** Baseline file the run is compared with (lib/baseline); undefined: no comparison. */
  baseline: string | undefined;
  /** Expectations file (lib/expectations): known deviations with their reasons; undefined: none. */
  expectations: string | undefined;
  /** Where npm run baseline writes <targetName>.json. */
  baselineDir: string;
  /** Name of the baseline file; undefined: derived from the report's target. */
  targetName: string | undefined;
}

/**
 * The network between the probe and a configured target (lib/http/transport.ts): a proxy, a private CA, a client
 * certificate. Files are named here and read where a connection is made; the key is never held in the settings.
 */
export interface NetworkSettings {
  /** HTTPS_PROXY (or https_proxy): the proxy for https traffic to the target and the token endpoint. */
  httpsProxy: string | undefined;
  /** HTTP_PROXY (or http_proxy): the proxy for plain http traffic. */
  httpProxy: string | undefined;
  /** NO_PROXY (or no_proxy): hosts reached directly. */
  noProxy: string | undefined;
  /** TLS_CA_FILE: PEM certificates trusted besides the default roots. */
  caFile: string | undefined;
  /** NODE_EXTRA_CA_CERTS: Node's own file of extra CAs, kept trusted when TLS_CA_FILE is given too. */
  nodeExtraCaCerts: string | undefined;
  /** TLS_CLIENT_CERT_FILE: the client certificate (chain) the target asks for. */
  clientCertFile: string | undefined;
  /** TLS_CLIENT_KEY_FILE: its private key; unset when the certificate file holds it. */
  clientKeyFile: string | undefined;
  /** TLS_INSECURE: the target's certificate is not verified (a self-signed staging), with a warning. */
  insecure: boolean;
}

/** What the CI runner says of the job (its own variables, read from the environment only). */
export interface CiSettings {
  /** In a CI job (CI set): the console writes lines, never a status line rewritten in place. */
  inCi: boolean;
  /** In GitHub Actions: the run writes its own annotations. */
  githubActions: boolean;
  /** GitHub Actions' job summary file, appended to at the end of a run. */
  stepSummary: string | undefined;
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
