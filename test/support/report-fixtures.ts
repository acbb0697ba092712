/**
 * Realistic behaviour reports for the report writers' tests and the screenshot script.
 * Not used by a probe run.
 */
import { statusOrNoAnswer } from '../../lib/http/answer-text.js';
import type { Verdict } from '../../lib/outcome.js';
import type { ExampleExchange } from '../../lib/case-record.js';
import { combinationKey } from '../../lib/rule/field-set.js';
import type { Diagnosis, IdlStatement, PresenceRole, RejectionGroup } from '../../lib/inference/types.js';
import { ruleValuesReadBack } from '../../lib/report/report-rules.js';
import type { BehaviourReport, CaseSummary, MatrixEntry, RunInfo } from '../../lib/report/types.js';
import { defaultProfileValues, mixedValues, noValues } from './report-fixtures-values.js';

const FIXTURE_FIELDS = ['changeType', 'notificationUrl', 'resource', 'expirationDateTime', 'clientState'] as const;
const FIELDS: string[] = [...FIXTURE_FIELDS];

const SAMPLE_VALUES: Record<string, string> = {
  changeType: 'updated',
  notificationUrl: 'https://receiver.example.com/notify',
  resource: '/drive/root',
  expirationDateTime: '2026-11-24T21:49:00.000Z',
  clientState: 'conformance-probe',
};

const PATH = '/_api/v2.0/drive/root/subscriptions';

/** Every subset of the fields, each in field order, smallest first. */
function allCombinations(fields: readonly string[] = FIELDS): string[][] {
  const combos: string[][] = [];
  for (let mask = 0; mask < 1 << fields.length; mask += 1) {
    combos.push(fields.filter((_, i) => (mask & (1 << i)) !== 0));
  }
  return combos.sort((a, b) => a.length - b.length);
}

function curlFor(base: string, present: readonly string[]): string {
  const body = Object.fromEntries(present.map((name) => [name, SAMPLE_VALUES[name] ?? 'x']));
  return [
    `curl -sS -X POST '${base}${PATH}'`,
    `  -H "Authorization: Bearer $ACCESS_TOKEN"`,
    `  -H 'Content-Type: application/json'`,
    `  --data-raw '${JSON.stringify(body)}'`,
  ].join(' \\\n');
}

function errorBody(code: string, message: string): string {
  return JSON.stringify({ error: { code, message } });
}

interface Answer {
  status: number | null;
  outcome: MatrixEntry['outcome'];
  errorCode?: string;
  errorMessage?: string;
  statuses?: (number | null)[];
  responseBody?: string;
  failure?: string;
}

function matrixOf(base: string, answer: (present: Set<string>, combo: string[]) => Answer): MatrixEntry[] {
  return allCombinations().map((present, i) => {
    const a = answer(new Set(present), present);
    const example: ExampleExchange = {
      curl: curlFor(base, present),
      status: a.status,
      responseBody:
        a.responseBody ??
        (a.outcome === 'accepted'
          ? JSON.stringify({ id: `sub-${String(i).padStart(4, '0')}`, expirationDateTime: SAMPLE_VALUES['expirationDateTime'] })
          : errorBody(a.errorCode ?? 'unknown', a.errorMessage ?? '')),
      ...(a.failure === undefined ? {} : { failure: a.failure }),
    };
    return {
      present,
      status: a.status,
      outcome: a.outcome,
      ...(a.errorCode === undefined ? {} : { errorCode: a.errorCode }),
      ...(a.errorMessage === undefined ? {} : { errorMessage: a.errorMessage }),
      statuses: a.statuses ?? [a.status, a.status, a.status],
      example,
    };
  });
}

function countsOf(cases: readonly CaseSummary[]): Record<Verdict, number> {
  const counts: Record<Verdict, number> = { CONFORMS: 0, DEVIATES: 0, INFORMATIONAL: 0, ERROR: 0 };
  for (const c of cases) counts[c.verdict] += 1;
  return counts;
}

function role(presence: PresenceRole, explanation: string): { presence: PresenceRole; explanation: string } {
  return { presence, explanation };
}

function matrixCases(matrix: readonly MatrixEntry[]): CaseSummary[] {
  return matrix.map((entry) => {
    const label = entry.present.length === 0 ? 'empty body' : entry.present.join('+');
    return {
      id: `matrix/${label}`,
      name: `POST with ${label}`,
      specRef: "open: spec §4 'Which fields are required: not shown'",
      verdict: entry.outcome === 'error' ? 'ERROR' : 'INFORMATIONAL',
      observed: `${statusOrNoAnswer(entry.status)} ${entry.outcome}${entry.errorCode === undefined ? '' : ` ${entry.errorCode}`}`,
    } satisfies CaseSummary;
  });
}

function runInfo(overrides: Partial<RunInfo> = {}): RunInfo {
  return {
    target: 'http://127.0.0.1:43117',
    targetKind: 'embedded-reference',
    referenceProfile: 'default',
    startedAt: '2026-11-21T22:04:10.512Z',
    endedAt: '2026-11-21T22:04:12.907Z',
    requestsSent: 104,
    suiteVersion: '0.1.0',
    repeats: 3,
    ...overrides,
  };
}

function rejected(code: string, message: string, status = 400): Answer {
  return { status, outcome: 'rejected', errorCode: code, errorMessage: message };
}

function missingMessage(present: Set<string>): string {
  const missing = ['notificationUrl', 'expirationDateTime'].find((f) => !present.has(f)) ?? 'notificationUrl';
  return `Required property '${missing}' is missing.`;
}

function groupOf(
  matrix: readonly MatrixEntry[],
  select: (entry: MatrixEntry) => boolean,
  rest: Omit<RejectionGroup, 'combinations'>,
): RejectionGroup {
  return { ...rest, combinations: matrix.filter(select).map((e) => e.present) };
}

/**
 * The reference service's default profile: accepted exactly when notificationUrl and
 * expirationDateTime are present and changeType and resource are absent.
 */
export function defaultProfileReport(): BehaviourReport {
  const run = runInfo();
  const matrix = matrixOf(run.target, (p) => {
    if (p.has('changeType') || p.has('resource')) return rejected('invalidRequest', 'The request is malformed or incorrect.');
    if (!p.has('notificationUrl') || !p.has('expirationDateTime')) return rejected('invalidRequest', missingMessage(p));
    return { status: 201, outcome: 'accepted' };
  });
  const cases: CaseSummary[] = [
    {
      id: 'spec-4/observation-all-five',
      name: 'A request with all five fields is answered with 400',
      specRef: 'spec §4 observed behaviour',
      verdict: 'CONFORMS',
      expected: '400',
      observed: '400 invalidRequest',
    },
    {
      id: 'spec-4/observation-without-changeType-resource',
      name: 'Without changeType and resource the request is accepted',
      specRef: 'spec §4 observed behaviour',
      verdict: 'CONFORMS',
      expected: '2xx',
      observed: '201',
    },
    {
      id: 'spec-7/rule-1',
      name: 'A malformed request gets 400 with error.code invalidRequest',
      specRef: 'spec §7 rule 1',
      verdict: 'CONFORMS',
      expected: '400 invalidRequest',
      observed: '400 invalidRequest on all 30 rejected combinations',
    },
    {
      id: 'spec-7/error-body',
      name: 'The error body carries error.code and error.message',
      specRef: 'spec §7 error body shape',
      verdict: 'CONFORMS',
    },
    {
      id: 'open/required-fields',
      name: 'Which fields are required',
      specRef: "open: spec §4 'Which fields are required: not shown'",
      verdict: 'INFORMATIONAL',
      finding: 'Accepted exactly when notificationUrl and expirationDateTime are present and changeType and resource are absent.',
    },
    {
      id: 'open/success-response',
      name: 'What a successful creation returns',
      specRef: "open: spec §4 'Success response: not shown'",
      verdict: 'INFORMATIONAL',
      finding: 'Accepted requests get 201 with a JSON body carrying id and expirationDateTime.',
    },
    {
      id: 'open/expiration-without-milliseconds',
      name: 'expirationDateTime without milliseconds',
      specRef: 'open: spec §2 expirationDateTime format',
      verdict: 'INFORMATIONAL',
      finding: "expirationDateTime without milliseconds ('2026-11-24T21:49:00Z') is accepted.",
    },
    ...matrixCases(matrix),
  ];
  return ruleValuesReadBack({
    reportVersion: 1,
    run,
    operation: { id: 'subscription-create', method: 'POST', path: PATH, fields: [...FIELDS] },
    fields: {
      changeType: role('forbidden', 'Every combination with changeType present was rejected (16 of 16).'),
      notificationUrl: role('required', 'Every accepted combination has notificationUrl (2 of 2).'),
      resource: role('forbidden', 'Every combination with resource present was rejected (16 of 16).'),
      expirationDateTime: role('required', 'Every accepted combination has expirationDateTime (2 of 2).'),
      clientState: role('optional', 'Accepted both with and without clientState, everything else equal.'),
    },
    rule: {
      expression: 'notificationUrl && expirationDateTime && !changeType && !resource',
      dependencies: [],
      dependencyDetails: [],
      dependenciesExact: true,
      unknown: [],
    },
    matrix,
    rejectionGroups: [
      groupOf(matrix, (e) => e.present.includes('changeType') || e.present.includes('resource'), {
        status: 400,
        errorCode: 'invalidRequest',
        messagePattern: 'The request is malformed or incorrect.',
        explanation: 'changeType || resource',
        summary: '400 invalidRequest when changeType or resource is present',
      }),
      groupOf(matrix, (e) => e.outcome === 'rejected' && !e.present.includes('changeType') && !e.present.includes('resource'), {
        status: 400,
        errorCode: 'invalidRequest',
        messagePattern: "Required property '<field>' is missing.",
        explanation: '!changeType && !resource && !notificationUrl || !changeType && !resource && !expirationDateTime',
        summary: '400 invalidRequest when changeType and resource are absent and notificationUrl or expirationDateTime is absent',
      }),
    ],
    values: defaultProfileValues(),
    cases,
    counts: countsOf(cases),
    findings: cases.flatMap((c) => (c.verdict === 'INFORMATIONAL' && c.finding !== undefined ? [c.finding] : [])),
  });
}

/** A configured target that answered every combination with 401: nothing accepted, so no roles. */
export function nothingAcceptedReport(): BehaviourReport {
  const run = runInfo({
    target: 'https://drive.contoso.example',
    targetKind: 'configured',
    requestsSent: 96,
    startedAt: '2026-11-21T22:10:00.000Z',
    endedAt: '2026-11-21T22:10:41.250Z',
  });
  delete run.referenceProfile;
  const message = 'Access token validation failure. Invalid audience.';
  const matrix = matrixOf(run.target, () => rejected('InvalidAuthenticationToken', message, 401));
  const diagnosis: Diagnosis = {
    message:
      'Every combination was answered with 401 InvalidAuthenticationToken: the access token is missing, expired or issued for another service.',
    likelyCause: 'token',
  };
  const cases: CaseSummary[] = [
    {
      id: 'spec-4/observation-all-five',
      name: 'A request with all five fields is answered with 400',
      specRef: 'spec §4 observed behaviour',
      verdict: 'DEVIATES',
      expected: '400 invalidRequest',
      observed: '401 InvalidAuthenticationToken',
      finding: '401 instead of 400: the token was refused before the body was looked at.',
    },
    {
      id: 'spec-4/observation-without-changeType-resource',
      name: 'Without changeType and resource the request is accepted',
      specRef: 'spec §4 observed behaviour',
      verdict: 'DEVIATES',
      expected: '2xx',
      observed: '401 InvalidAuthenticationToken',
    },
    {
      id: 'open/unauthenticated-answer',
      name: 'What a refused token gets',
      specRef: "open: spec §7 'Other status codes: not shown'",
      verdict: 'INFORMATIONAL',
      finding: '401 with error.code InvalidAuthenticationToken and no WWW-Authenticate header.',
    },
    {
      id: 'events/notification-receiver',
      name: 'A notification reaches notificationUrl',
      specRef: 'spec §6',
      verdict: 'ERROR',
      observed: 'could not start the notification receiver: listen EADDRINUSE 0.0.0.0:8080',
    },
    ...matrixCases(matrix),
  ];
  return ruleValuesReadBack({
    reportVersion: 1,
    run,
    operation: { id: 'subscription-create', method: 'POST', path: PATH, fields: [...FIELDS] },
    fields: {},
    rule: { expression: 'false', dependencies: [], dependencyDetails: [], dependenciesExact: true, unknown: [] },
    matrix,
    rejectionGroups: [
      groupOf(matrix, () => true, {
        status: 401,
        errorCode: 'InvalidAuthenticationToken',
        messagePattern: message,
        explanation: 'true',
        summary: '401 InvalidAuthenticationToken for every combination',
      }),
    ],
    diagnosis,
    values: noValues(),
    cases,
    counts: countsOf(cases),
    findings: cases.flatMap((c) => (c.verdict === 'INFORMATIONAL' && c.finding !== undefined ? [c.finding] : [])),
  });
}

/**
 * A target where changeType and resource may not come together (ZeroOrOne), with one
 * unstable and one failed combination: exercises conditional roles, IDL and every outcome colour.
 */
export function conditionalReport(): BehaviourReport {
  const run = runInfo({ referenceProfile: 'zero-or-one', requestsSent: 99 });
  const unstable = ['changeType', 'notificationUrl', 'expirationDateTime'];
  const failed = ['notificationUrl', 'resource', 'expirationDateTime', 'clientState'];
  const matrix = matrixOf(run.target, (p, combo) => {
    const key = combinationKey(combo);
    if (key === combinationKey(unstable)) return { status: 201, outcome: 'unstable', statuses: [201, 503, 201] };
    if (key === combinationKey(failed)) {
      return { status: null, outcome: 'error', statuses: [null, null, null], responseBody: '', failure: 'socket hang up (ECONNRESET)' };
    }
    if (!p.has('notificationUrl') || !p.has('expirationDateTime')) return rejected('invalidRequest', missingMessage(p));
    if (p.has('changeType') && p.has('resource')) {
      return rejected('invalidRequest', 'changeType and resource cannot be used together.');
    }
    return { status: 201, outcome: 'accepted' };
  });
  const idl: IdlStatement[] = [{ kind: 'ZeroOrOne', fields: ['changeType', 'resource'], text: 'ZeroOrOne(changeType, resource);' }];
  const cases: CaseSummary[] = [
    {
      id: 'open/required-fields',
      name: 'Which fields are required',
      specRef: "open: spec §4 'Which fields are required: not shown'",
      verdict: 'INFORMATIONAL',
      finding: 'changeType and resource are each accepted alone but not together.',
    },
    {
      id: 'spec-4/observation-all-five',
      name: 'A request with all five fields is answered with 400',
      specRef: 'spec §4 observed behaviour',
      verdict: 'CONFORMS',
      observed: '400 invalidRequest',
    },
    ...matrixCases(matrix),
  ];
  return ruleValuesReadBack({
    reportVersion: 1,
    run,
    operation: { id: 'subscription-create', method: 'POST', path: PATH, fields: [...FIELDS] },
    fields: {
      changeType: role('conditional', 'Accepted with changeType only when resource is absent.'),
      notificationUrl: role('required', 'Every accepted combination has notificationUrl (4 of 4).'),
      resource: role('conditional', 'Accepted with resource only when changeType is absent.'),
      expirationDateTime: role('required', 'Every accepted combination has expirationDateTime (4 of 4).'),
      // Two combinations have no usable answer, and either could make clientState matter.
      clientState: {
        presence: 'undetermined',
        explanation:
          'Accepted both with clientState (2 combinations) and without it (2), and no two known combinations that differ only in it got different answers, but 2 combinations without a usable answer could go either way: optional or conditional, depending on how they are answered.',
        possible: ['optional', 'conditional'],
        hangsOn: [unstable, failed],
        hangsOnCount: 2,
      },
    },
    rule: {
      expression: 'notificationUrl && expirationDateTime && !changeType || notificationUrl && expirationDateTime && !resource',
      dependencies: idl.map((d) => d.text),
      dependencyDetails: idl,
      dependenciesExact: true,
      unknown: [unstable, failed],
    },
    matrix,
    rejectionGroups: [
      groupOf(matrix, (e) => e.errorMessage?.includes('together') === true, {
        status: 400,
        errorCode: 'invalidRequest',
        messagePattern: 'changeType and resource cannot be used together.',
        explanation: 'changeType && resource && notificationUrl && expirationDateTime',
        summary: '400 invalidRequest when changeType and resource are both present',
      }),
      groupOf(matrix, (e) => e.errorMessage?.startsWith('Required') === true, {
        status: 400,
        errorCode: 'invalidRequest',
        messagePattern: "Required property '<field>' is missing.",
        explanation: '!notificationUrl || !expirationDateTime',
        summary: '400 invalidRequest when notificationUrl or expirationDateTime is absent',
      }),
    ],
    values: mixedValues(),
    cases,
    counts: countsOf(cases),
    findings: cases.flatMap((c) => (c.verdict === 'INFORMATIONAL' && c.finding !== undefined ? [c.finding] : [])),
  });
}
