import {
  SUBSCRIPTIONS_PATH,
  baseUrlParser,
  booleanParser,
  existingFileParser,
  existingPathParser,
  fieldListParser,
  jsonObjectParser,
  folderParser,
  httpUrlParser,
  identifierParser,
  numberParser,
  operationIdParser,
  operationListParser,
  pathValuesParser,
  pathParser,
  presenceParser,
  secondsAsMsParser,
  tokenFileParser,
  tokenParser,
  type Parser,
  autoOrNumberParser,
} from './parsers.js';
import type { Settings } from './types.js';
import { changeCommandParser, changeRequestParser } from './change-parsers.js';
import {
  clientAssertionFileParser,
  clientCertificateFileParser,
  clientIdParser,
  clientSecretFileParser,
  clientSecretParser,
  githubOidcTokenParser,
  githubOidcUrlParser,
  scopeParser,
  tenantIdParser,
  tokenUrlParser,
} from './auth-parsers.js';
import { operationParser } from './operation-parser.js';
import { deletePathParser } from './undo-parsers.js';
import { certificateFileParser, noProxyParser, privateKeyFileParser, proxyUrlParser } from './network-parsers.js';
import { DEFAULT_OPERATION_FILE } from '../operation/shipped.js';

/** The concerns the settings are grouped by (lib/config/types.ts). */
export type SettingGroup = keyof Settings;
/** The fields of a group that come from a setting (accessTokenSource is derived). */
export type SettingKey<G extends SettingGroup> = Exclude<keyof Settings[G], 'accessTokenSource'> & string;

/** One setting: its name, where its value goes, its default, meaning and parser. The list drives the loader and the docs. */
export interface Setting<G extends SettingGroup = SettingGroup, K extends SettingKey<G> = SettingKey<G>> {
  /** The setting's name: the environment variable and `.env` key; its flag is the name in lower case with dashes. */
  readonly name: string;
  /** The group and field it fills. Settings sharing a field are alternatives (give one, not both). */
  readonly group: G;
  readonly key: K;
  /** Default as text (parsed like a given value), or undefined: then `whenUnset` says what happens. */
  readonly default: string | undefined;
  readonly whenUnset?: string;
  /** Example value for settings without a default. */
  readonly example?: string;
  /** One line. */
  readonly description: string;
  /**
   * Set by the CI runner, not by the user: read from the environment only (never a flag or `.env`), and left
   * out of .env.example.
   */
  readonly runner?: true;
  /** Parses a given value; only BASE_URL's parser may yield undefined (its "embedded" spelling). */
  readonly parser: Parser<Settings[G][K]>;
}

export type AnySetting = { [G in SettingGroup]: { [K in SettingKey<G>]: Setting<G, K> }[SettingKey<G>] }[SettingGroup];

function setting<const G extends SettingGroup, const K extends SettingKey<G>>(
  s: Setting<G, K> & { parser: Parser<NoInfer<Settings[G][K]>> },
): Setting<G, K> {
  return s;
}

const ONE_HOUR_S = 3600;

export const SETTINGS: readonly AnySetting[] = [
  setting({
    name: 'BASE_URL',
    group: 'target',
    key: 'baseUrl',
    default: undefined,
    whenUnset: 'start the embedded reference service (also spelt BASE_URL=embedded)',
    example: 'https://contoso.sharepoint.com/sites/probe',
    description: `Root of the target service, with any tenant or site prefix; the probe sends the operation (OPERATION) to {BASE_URL}{its path}, by default POST {BASE_URL}${SUBSCRIPTIONS_PATH}.`,
    parser: baseUrlParser,
  }),
  setting({
    name: 'ACCESS_TOKEN',
    group: 'credentials',
    key: 'accessToken',
    default: undefined,
    whenUnset: 'no token; the embedded reference generates its own',
    description: 'Bearer token sent to the target, without "Bearer "; never printed. Give this or ACCESS_TOKEN_FILE.',
    parser: tokenParser,
  }),
  setting({
    name: 'ACCESS_TOKEN_FILE',
    group: 'credentials',
    key: 'accessToken',
    default: undefined,
    whenUnset: 'no token; the embedded reference generates its own',
    example: '/run/secrets/drive-token',
    description: 'File holding the bearer token (surrounding whitespace trimmed); keeps the token out of the environment.',
    parser: tokenFileParser,
  }),
  setting({
    name: 'ALLOW_INSECURE_TOKEN',
    group: 'credentials',
    key: 'allowInsecureToken',
    default: 'false',
    description: 'Allow sending the token over plain http:// to a host that is not loopback (127.0.0.0/8, ::1, localhost).',
    parser: booleanParser,
  }),
  setting({
    name: 'TOKEN_URL',
    group: 'credentials',
    key: 'tokenEndpoint',
    default: undefined,
    whenUnset: 'no token request (ACCESS_TOKEN or none)',
    example: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
    description:
      'OAuth 2.0 token endpoint: the probe gets its own token by client credentials (with CLIENT_ID, SCOPE and one credential) and renews it during the run. Give this or TENANT_ID.',
    parser: tokenUrlParser,
  }),
  setting({
    name: 'TENANT_ID',
    group: 'credentials',
    key: 'tokenEndpoint',
    default: undefined,
    whenUnset: 'no token request (ACCESS_TOKEN or none)',
    example: 'contoso.onmicrosoft.com',
    description: 'Microsoft Entra tenant: the token endpoint is https://login.microsoftonline.com/<tenant>/oauth2/v2.0/token.',
    parser: tenantIdParser,
  }),
  setting({
    name: 'CLIENT_ID',
    group: 'credentials',
    key: 'clientId',
    default: undefined,
    whenUnset: 'no token request',
    example: '00000000-0000-0000-0000-000000000000',
    description: 'Application (client) id of the app registration the token is requested for.',
    parser: clientIdParser,
  }),
  setting({
    name: 'SCOPE',
    group: 'credentials',
    key: 'scope',
    default: undefined,
    whenUnset: 'no token request',
    example: 'https://contoso.sharepoint.com/.default',
    description: 'Scope of the token request: the target resource followed by /.default for app-only access.',
    parser: scopeParser,
  }),
  setting({
    name: 'CLIENT_SECRET',
    group: 'credentials',
    key: 'clientCredential',
    default: undefined,
    whenUnset: 'no client secret',
    description:
      'Client secret of the app registration; never printed. Give one credential: this, CLIENT_SECRET_FILE, CLIENT_CERTIFICATE_FILE or CLIENT_ASSERTION_FILE.',
    parser: clientSecretParser,
  }),
  setting({
    name: 'CLIENT_SECRET_FILE',
    group: 'credentials',
    key: 'clientCredential',
    default: undefined,
    whenUnset: 'no client secret',
    example: '/run/secrets/client-secret',
    description: 'File holding the client secret (surrounding whitespace trimmed).',
    parser: clientSecretFileParser,
  }),
  setting({
    name: 'CLIENT_CERTIFICATE_FILE',
    group: 'credentials',
    key: 'clientCredential',
    default: undefined,
    whenUnset: 'no certificate',
    example: '/run/secrets/probe-cert.pem',
    description:
      'PEM file with the certificate and its unencrypted private key: the probe signs a client assertion (RFC 7523) naming the certificate by thumbprint (x5t, x5t#S256). SharePoint takes app-only tokens got this way only.',
    parser: clientCertificateFileParser,
  }),
  setting({
    name: 'CLIENT_ASSERTION_FILE',
    group: 'credentials',
    key: 'clientCredential',
    default: undefined,
    whenUnset: "no assertion file; in GitHub Actions with id-token: write, the job's OIDC token is used when no other credential is given",
    example: '/var/run/secrets/azure/tokens/azure-identity-token',
    description: 'File holding a signed JWT from a trusted issuer (workload identity federation); read again for every token request.',
    parser: clientAssertionFileParser,
  }),
  setting({
    name: 'ACTIONS_ID_TOKEN_REQUEST_URL',
    group: 'credentials',
    key: 'githubOidcUrl',
    default: undefined,
    whenUnset: 'not in GitHub Actions, or the job lacks permissions: id-token: write',
    runner: true,
    description:
      'Set by GitHub Actions: where the job asks for its OIDC token (audience api://AzureADTokenExchange), the federated credential used when CLIENT_ID is given without another credential.',
    parser: githubOidcUrlParser,
  }),
  setting({
    name: 'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
    group: 'credentials',
    key: 'githubOidcToken',
    default: undefined,
    whenUnset: 'not in GitHub Actions, or the job lacks permissions: id-token: write',
    runner: true,
    description: 'Set by GitHub Actions: the bearer for ACTIONS_ID_TOKEN_REQUEST_URL; never printed.',
    parser: githubOidcTokenParser,
  }),
  setting({
    name: 'REQUEST_TIMEOUT_MS',
    group: 'pacing',
    key: 'requestTimeoutMs',
    default: '10000',
    description: 'Time allowed for one request, in milliseconds.',
    parser: numberParser({ integer: true, positive: true, max: ONE_HOUR_S * 1000, maxNote: ' (1 hour)' }),
  }),
  setting({
    name: 'REQUESTS_PER_SECOND',
    group: 'pacing',
    key: 'requestsPerSecond',
    default: '10',
    description: 'Most requests started per second, over the whole run (decimals allowed, e.g. 0.5).',
    parser: numberParser({ integer: false, positive: true, max: 1000 }),
  }),
  setting({
    name: 'CONCURRENCY',
    group: 'pacing',
    key: 'concurrency',
    default: '4',
    description: 'Most requests in flight at once.',
    parser: numberParser({ integer: true, positive: true, max: 256 }),
  }),
  setting({
    name: 'MAX_REQUESTS',
    group: 'pacing',
    key: 'maxRequests',
    default: '2000',
    description: 'Budget of requests put on the wire in one run, retries included; cases past it are not sent.',
    parser: numberParser({ integer: true, positive: true, max: 1_000_000 }),
  }),
  setting({
    name: 'MAX_RUN_SECONDS',
    group: 'pacing',
    key: 'maxRunTimeMs',
    default: '900',
    description: 'Longest run time in seconds; requests past it are not sent.',
    parser: secondsAsMsParser({ positive: true, max: 24 * ONE_HOUR_S, maxNote: ' (24 hours)' }),
  }),
  setting({
    name: 'MAX_RETRIES',
    group: 'pacing',
    key: 'maxRetries',
    default: '3',
    description:
      'Retries per exchange after 429, 503, other 5xx or a network error; a combination, value class or lifecycle step still without a verdict after them is asked again later in the run, as many times, while MAX_REQUESTS lasts.',
    parser: numberParser({ integer: true, positive: false, max: 10 }),
  }),
  setting({
    name: 'RETRY_AFTER_DEFAULT_SECONDS',
    group: 'pacing',
    key: 'defaultRetryAfterMs',
    default: '2',
    description: 'Seconds to wait after a 429 or 503 that has no Retry-After; at most RETRY_AFTER_MAX_SECONDS.',
    parser: secondsAsMsParser({ positive: false, max: ONE_HOUR_S, maxNote: ' (1 hour)' }),
  }),
  setting({
    name: 'RETRY_AFTER_MAX_SECONDS',
    group: 'pacing',
    key: 'maxRetryAfterMs',
    default: '120',
    description: 'Longest Retry-After (seconds) the probe waits; a longer one ends the exchange as throttled.',
    parser: secondsAsMsParser({ positive: false, max: ONE_HOUR_S, maxNote: ' (1 hour)' }),
  }),
  setting({
    name: 'MAX_RECORDED_BODY_BYTES',
    group: 'pacing',
    key: 'maxRecordedBodyBytes',
    default: '65536',
    description: 'Response bodies are recorded up to this many bytes; the rest is not read. A body cut here is not judged on its shape.',
    // 512 KiB keeps the probe under 600 MB against a target sending 300 MB answers (1 MiB: 592-640 MB,
    // 4 MiB: 815 MB, 64 MiB: over 2.5 GB; docs/safety.md).
    parser: numberParser({ integer: true, positive: true, max: 512 * 1024, maxNote: ' (512 KiB)' }),
  }),
  setting({
    name: 'REPEATS',
    group: 'exploration',
    key: 'repeats',
    default: 'auto',
    description:
      'auto: each matrix combination is sent once, and again only where a finding rests on its answer alone, plus a sample of the rest that estimates instability (the adaptive explorer, above EXHAUSTIVE_MAX_FIELDS, too; when an answer asked again changed, it explores again with each combination sent twice). A number: each combination sent that many times (2 or more detect an unstable answer on every combination).',
    parser: autoOrNumberParser({ integer: true, positive: true, max: 100 }),
  }),
  setting({
    name: 'EXHAUSTIVE_MAX_FIELDS',
    group: 'exploration',
    key: 'exhaustiveMaxFields',
    default: '8',
    description:
      'Up to this many fields the presence matrix sends every combination; above it the adaptive explorer learns the rule within EXPLORE_COMBINATIONS_PER_FIELD x n combinations.',
    parser: numberParser({ integer: true, positive: false, max: 20 }),
  }),
  setting({
    name: 'EXPLORE_COMBINATIONS_PER_FIELD',
    group: 'exploration',
    key: 'exploreCombinationsPerField',
    default: '10',
    description:
      'The adaptive explorer asks at most this many x n combinations (each sent REPEATS times; under auto once, and the asks again). Fewer leaves out checks of fields that reject every change of their own; the report names the first check not made.',
    parser: numberParser({ integer: true, positive: true, max: 100 }),
  }),
  setting({
    name: 'SEED',
    group: 'exploration',
    key: 'seed',
    default: undefined,
    whenUnset: 'a random seed per run, printed and recorded in the report',
    example: '1234567',
    description: 'Seed of the property-based suites; give the seed a run printed to replay it exactly.',
    parser: numberParser({ integer: true, positive: false, max: 2 ** 31 - 1 }),
  }),
  setting({
    name: 'PROPERTY_RUNS',
    group: 'exploration',
    key: 'propertyRuns',
    default: '20',
    description: 'Random bodies tried per property (each costs one or two requests, plus shrinking on failure).',
    parser: numberParser({ integer: true, positive: true, max: 10_000 }),
  }),
  setting({
    name: 'PROBE_WRITE_METHODS',
    group: 'target',
    key: 'probeWriteMethods',
    default: 'false',
    description:
      'Also send PUT, PATCH and DELETE to the collection path of a configured target (always done on the embedded reference); off by default, as a live service might act on them.',
    parser: booleanParser,
  }),
  setting({
    name: 'OPERATION',
    group: 'target',
    key: 'operation',
    default: DEFAULT_OPERATION_FILE,
    description:
      "Operation description (docs/operation-descriptions.md): method, path, fields with good values and value classes, limits, how to undo a create. Also --operation. operations/graph-subscription-v1.json is Graph's POST /subscriptions.",
    parser: operationParser,
  }),
  setting({
    name: 'DELETE_PATH',
    group: 'target',
    key: 'deletePath',
    default: undefined,
    whenUnset: "the description's undo; else the Location of the first accepted create; else the run stops after that create",
    example: '/subscriptions/{id}',
    description:
      'How to delete what a create made when the operation description names no delete path: a path below BASE_URL with {id} (the id at /id in the answer); checked on the first accepted create. npm run cleanup reads it too. Also --delete-path.',
    parser: deletePathParser,
  }),
  setting({
    name: 'KEEP_CREATED',
    group: 'target',
    key: 'keepCreated',
    default: 'false',
    description:
      'Go on creating when the run knows no way to delete what it creates, and leave it on the target (listed in the ledger for npm run cleanup); otherwise such a run stops after its first accepted create. Also --keep-created true.',
    parser: booleanParser,
  }),
  setting({
    name: 'OPENAPI',
    group: 'target',
    key: 'openapi',
    default: undefined,
    whenUnset: 'the operation comes from OPERATION',
    example: 'openapi.yaml',
    description:
      'OpenAPI 3.0/3.1 document to build the operation description from, with OPERATION_ID (instead of OPERATION). Also --openapi.',
    parser: existingFileParser,
  }),
  setting({
    name: 'OPERATION_ID',
    group: 'target',
    key: 'operationId',
    default: undefined,
    whenUnset: 'none; needed with OPENAPI',
    example: 'createSubscription',
    description: "operationId of the OPENAPI document's operation to probe. Also --operation-id.",
    parser: operationIdParser,
  }),
  setting({
    name: 'OPERATIONS',
    group: 'target',
    key: 'operations',
    default: undefined,
    whenUnset: 'with OPENAPI and no OPERATION_ID, every operation with a JSON body (POST, PUT, PATCH)',
    example: 'createItem,POST /drive/*',
    description:
      'Which operations of the OPENAPI document a campaign probes (probe --openapi without OPERATION_ID): operationIds or METHOD /path globs (* any run of characters), comma-separated. Also --operations.',
    parser: operationListParser,
  }),
  setting({
    name: 'PATH_VALUES',
    group: 'target',
    key: 'pathValues',
    default: undefined,
    whenUnset: 'an operation whose path has a parameter is refused (a campaign skips it, saying so)',
    example: 'item-id=01BYE5RZ6QN3ZWBTUFOFD3GSPGOHDJD36K',
    description:
      "Values of the path parameters of an OPENAPI operation, name=value pairs, comma-separated: each {name} in the operation's path (and its delete path) is filled with its value, percent-encoded. Also --path-values.",
    parser: pathValuesParser,
  }),
  setting({
    name: 'ACCEPTED_FIELDS',
    group: 'target',
    key: 'acceptedFields',
    default: undefined,
    whenUnset: 'the smallest accepted combination the presence matrix found',
    example: 'notificationUrl,expirationDateTime',
    description: 'Fields of the accepted body that value-level probes change one value of.',
    parser: fieldListParser,
  }),
  setting({
    name: 'ACCEPTED_BODY',
    group: 'target',
    key: 'acceptedBody',
    default: undefined,
    whenUnset: "the operation description's acceptedBody, then its reportedAccepted",
    example: '{"changeType":"updated","notificationUrl":"https://hooks.example.com/drive"}',
    description: 'A JSON body the target is known to accept (from your own client): the presence explorer starts from its fields first.',
    parser: jsonObjectParser,
  }),
  setting({
    name: 'HAR',
    group: 'exploration',
    key: 'har',
    default: undefined,
    whenUnset: 'no recorded traffic: the explorer starts from ACCEPTED_BODY, the description and the baseline',
    example: 'session.har',
    description:
      "HAR file (a browser's, a proxy's, or a probe's reports/exchanges.har) whose creates of the operation answered 2xx the presence explorer starts from, after ACCEPTED_BODY, the description's bodies and the baseline's.",
    parser: existingFileParser,
  }),
  setting({
    name: 'NOTIFICATION_URL',
    group: 'receiver',
    key: 'notificationUrl',
    default: undefined,
    whenUnset: "the probe's own receiver",
    example: 'https://hooks.example.com/drive',
    description: 'notificationUrl sent in request bodies.',
    parser: httpUrlParser,
  }),
  setting({
    name: 'RECEIVER_PUBLIC_URL',
    group: 'receiver',
    key: 'receiverPublicUrl',
    default: undefined,
    whenUnset: "the receiver's loopback URL, which only a target on this machine can reach",
    example: 'https://probe-receiver.example.net/notifications',
    description:
      "Public URL (e.g. a tunnel) that forwards to the probe's notification receiver on RECEIVER_PORT; bodies carry it as notificationUrl. Not with NOTIFICATION_URL.",
    parser: httpUrlParser,
  }),
  setting({
    name: 'RECEIVER_PORT',
    group: 'receiver',
    key: 'receiverPort',
    default: '0',
    description: "Loopback port of the probe's notification receiver (0: any free port); give the port RECEIVER_PUBLIC_URL forwards to.",
    parser: numberParser({ integer: true, positive: false, max: 65_535 }),
  }),
  setting({
    name: 'NOTIFICATION_WAIT_SECONDS',
    group: 'receiver',
    key: 'notificationWaitMs',
    default: '30',
    description:
      'How long the events suite (06-events) waits for a notification after it caused a change, and for a second delivery after its receiver answered 500.',
    parser: secondsAsMsParser({ positive: true, max: 600, maxNote: ' (10 minutes)' }),
  }),
  setting({
    name: 'CHANGE_COMMAND',
    group: 'receiver',
    key: 'change',
    default: undefined,
    whenUnset:
      'on a configured target the notification cases of 06-events are skipped, saying why (the embedded reference is triggered directly)',
    example: './touch-drive-file.sh',
    description:
      'Shell command (sh -c) that changes the watched drive, run by the events suite after each create on a configured target; its environment adds BASE_URL, CHANGE_SUBSCRIPTION_ID, CHANGE_CLIENT_STATE. Never printed. Give this or CHANGE_REQUEST.',
    parser: changeCommandParser,
  }),
  setting({
    name: 'CHANGE_REQUEST',
    group: 'receiver',
    key: 'change',
    default: undefined,
    whenUnset:
      'on a configured target the notification cases of 06-events are skipped, saying why (the embedded reference is triggered directly)',
    example: 'PUT /_api/v2.0/drive/root:/probe.txt:/content probe',
    description:
      'Request that changes the watched drive, "METHOD PATH [body]", sent by the events suite through the probe\'s engine (token, limits) after each create on a configured target; the body goes as application/json when it parses as JSON, else as text/plain. Give this or CHANGE_COMMAND.',
    parser: changeRequestParser,
  }),
  setting({
    name: 'CHANGE_COMMAND_TIMEOUT_SECONDS',
    group: 'receiver',
    key: 'changeCommandTimeoutMs',
    default: '60',
    description: 'Longest time CHANGE_COMMAND may run; it is then killed and the case ends in ERROR.',
    parser: secondsAsMsParser({ positive: true, max: 600, maxNote: ' (10 minutes)' }),
  }),
  setting({
    name: 'SLOW_RECEIVER_SECONDS',
    group: 'receiver',
    key: 'slowReceiverMs',
    default: '6',
    description:
      "How long the probe's receiver holds its answer to a validation request in the events suite's slow-receiver case: longer than the target's limit (SharePoint 5 s, Graph 10 s) shows what a timeout gives; keep it under REQUEST_TIMEOUT_MS.",
    parser: secondsAsMsParser({ positive: true, max: 60, maxNote: " (the receiver's longest delay)" }),
  }),
  setting({
    name: 'HANDSHAKE_DEADLINE_MAX_SECONDS',
    group: 'receiver',
    key: 'handshakeDeadlineMaxSeconds',
    default: '15',
    description:
      "The longest hold the events suite's handshake-deadline search tries: it finds, to the second, the longest time the probe's receiver may hold its answer to a validation request and the create still succeed (SharePoint 5 s, Graph 10 s). Cut to one second under REQUEST_TIMEOUT_MS; 0 leaves the search out. A deadline the operation's description documents (validationDeadlineSeconds) is checked at its edges first when it is within this reach; past it, the finding names the two settings that reach it.",
    parser: numberParser({ integer: true, positive: false, max: 60, maxNote: " (the receiver's longest delay)" }),
  }),
  setting({
    name: 'REFERENCE_PROFILE',
    group: 'target',
    key: 'referenceProfile',
    default: 'default',
    description: 'Behaviour profile of the embedded reference service (ignored when BASE_URL is set).',
    parser: identifierParser,
  }),
  setting({
    name: 'REPORT_DIR',
    group: 'reports',
    key: 'reportDir',
    default: 'reports',
    description: 'Folder the reports are written to.',
    parser: folderParser,
  }),
  setting({
    name: 'LEDGER_DIR',
    group: 'reports',
    key: 'ledgerDir',
    default: '.ledger',
    description:
      'Folder of the cleanup ledger: each subscription the probe creates, until it is deleted, so a crashed run leaves a list for the next run or npm run cleanup.',
    parser: folderParser,
  }),
  setting({
    name: 'BASELINE',
    group: 'reports',
    key: 'baseline',
    default: undefined,
    whenUnset: 'no comparison',
    example: 'baselines/embedded-default.json',
    description:
      "Baseline file (written by npm run baseline) to compare the run with; any drift in roles, rule, matrix, value classes or limits fails the run. Also an earlier campaign's REPORT_DIR or its index.json (docs/campaign.md): each operation is compared with the baseline that campaign left of it. Also --baseline.",
    parser: existingPathParser,
  }),
  setting({
    name: 'EXPECTATIONS',
    group: 'reports',
    key: 'expectations',
    default: undefined,
    whenUnset: 'no expected deviations: every DEVIATES and ERROR fails the run',
    example: 'expectations.json',
    description:
      'Expectations file (JSON or YAML, docs/expectations.md): cases known to deviate, each with a reason and an optional until date; such a case reads "DEVIATES (expected: reason)" and does not fail the run, one that no longer deviates does. Also --expectations.',
    parser: existingFileParser,
  }),
  setting({
    name: 'BASELINE_DIR',
    group: 'reports',
    key: 'baselineDir',
    default: 'baselines',
    description: 'Folder npm run baseline writes <TARGET_NAME>.json to.',
    parser: folderParser,
  }),
  setting({
    name: 'TARGET_NAME',
    group: 'reports',
    key: 'targetName',
    default: undefined,
    whenUnset: "from the report's target: embedded-<profile> for the embedded reference, the BASE_URL host otherwise",
    example: 'contoso-staging',
    description: 'Name of the baseline npm run baseline writes (BASELINE_DIR/<TARGET_NAME>.json), one per target.',
    parser: identifierParser,
  }),
  setting({
    name: 'HTTPS_PROXY',
    group: 'network',
    key: 'httpsProxy',
    default: undefined,
    whenUnset: 'https traffic goes directly',
    example: 'http://proxy.example.com:3128',
    description:
      "Proxy for https traffic to a configured target and the token endpoint, through a CONNECT tunnel (https_proxy is read too); never for the probe's own loopback channels or the embedded reference. docs/network.md.",
    parser: proxyUrlParser,
  }),
  setting({
    name: 'HTTP_PROXY',
    group: 'network',
    key: 'httpProxy',
    default: undefined,
    whenUnset: 'plain http traffic goes directly',
    example: 'http://proxy.example.com:3128',
    description: 'Proxy for plain http traffic to a configured target and the token endpoint (http_proxy is read too); not used for https.',
    parser: proxyUrlParser,
  }),
  setting({
    name: 'NO_PROXY',
    group: 'network',
    key: 'noProxy',
    default: undefined,
    whenUnset: 'every host goes through the proxy set for its scheme',
    example: 'localhost,127.0.0.1,.internal.example.com',
    description:
      'Hosts reached directly despite a proxy: names (a name covers its subdomains), IP addresses, CIDR blocks, host:port; * for all (no_proxy is read too).',
    parser: noProxyParser,
  }),
  setting({
    name: 'TLS_CA_FILE',
    group: 'network',
    key: 'caFile',
    default: undefined,
    whenUnset: "the default roots (and NODE_EXTRA_CA_CERTS's)",
    example: '/etc/ssl/company-ca.pem',
    description:
      "PEM file of the CA certificates that issued the target's (a private CA), trusted besides the default roots; also for the token endpoint.",
    parser: certificateFileParser,
  }),
  setting({
    name: 'NODE_EXTRA_CA_CERTS',
    group: 'network',
    key: 'nodeExtraCaCerts',
    default: undefined,
    whenUnset: 'none',
    runner: true,
    description:
      "Node's own variable, read from the environment only: a PEM file of extra CAs Node trusts; still trusted when TLS_CA_FILE is given.",
    parser: existingFileParser,
  }),
  setting({
    name: 'TLS_CLIENT_CERT_FILE',
    group: 'network',
    key: 'clientCertFile',
    default: undefined,
    whenUnset: 'no client certificate is offered',
    example: '/run/secrets/probe-client.pem',
    description:
      'PEM file of the client certificate (and its chain) for a target that asks for one; its key in TLS_CLIENT_KEY_FILE, or in this file.',
    parser: certificateFileParser,
  }),
  setting({
    name: 'TLS_CLIENT_KEY_FILE',
    group: 'network',
    key: 'clientKeyFile',
    default: undefined,
    whenUnset: 'the key is in TLS_CLIENT_CERT_FILE',
    example: '/run/secrets/probe-client.key',
    description: "PEM file of the client certificate's unencrypted private key; never printed, redacted like a token.",
    parser: privateKeyFileParser,
  }),
  setting({
    name: 'TLS_INSECURE',
    group: 'network',
    key: 'insecure',
    default: 'false',
    description:
      "Do not verify the target's certificate (a self-signed staging); the console and the report warn of it. Prefer TLS_CA_FILE.",
    parser: booleanParser,
  }),
  setting({
    name: 'CI',
    group: 'ci',
    key: 'inCi',
    default: 'false',
    runner: true,
    description: 'Set by CI runners: the console then writes progress as lines of the log, never a status line rewritten in place.',
    parser: presenceParser,
  }),
  setting({
    name: 'GITHUB_ACTIONS',
    group: 'ci',
    key: 'githubActions',
    default: 'false',
    runner: true,
    description: 'Set by GitHub Actions: the probe writes its own annotations (::error) for what fails the run.',
    parser: booleanParser,
  }),
  setting({
    name: 'GITHUB_STEP_SUMMARY',
    group: 'ci',
    key: 'stepSummary',
    default: undefined,
    whenUnset: 'not in GitHub Actions: no job summary',
    runner: true,
    description: "Set by GitHub Actions: the job summary file, to which the probe appends the report's summary.",
    parser: pathParser,
  }),
];

/** The settings by environment variable name. */
export const SETTING_NAMES: readonly string[] = SETTINGS.map((s) => s.name);

/**
 * Settings whose value is a secret: taken from the environment, `.env` or their `_FILE` twin, never from a
 * command-line flag, since any user of the machine can read a process's arguments.
 */
export const SECRET_SETTINGS: ReadonlySet<string> = new Set(['ACCESS_TOKEN', 'CLIENT_SECRET', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN']);

/** A setting's flag: its name in lower case with dashes (BASE_URL: --base-url). */
export const flagName = (name: string): string => name.toLowerCase().replaceAll('_', '-');

/** Short flags for the settings typed most. */
export const FLAG_ALIASES: Readonly<Record<string, string>> = {
  rate: 'REQUESTS_PER_SECOND',
  timeout: 'REQUEST_TIMEOUT_MS',
  profile: 'REFERENCE_PROFILE',
};

/** The setting a flag (without its dashes) stands for; runner settings have none, secrets are refused by the caller. */
export const SETTING_BY_FLAG: ReadonlyMap<string, string> = new Map([
  ...SETTINGS.filter((s) => s.runner !== true).map((s): [string, string] => [flagName(s.name), s.name]),
  ...Object.entries(FLAG_ALIASES),
]);
