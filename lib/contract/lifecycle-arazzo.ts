/**
 * reports/lifecycle.arazzo.yaml: the subscription's life as the run saw it, as an Arazzo 1.0.1 workflow a runner
 * (Redocly Respect, Specmatic, ...) executes: create with the smallest body the target accepted, then read, list,
 * renew and delete, each only where the target supported it, each step's success criteria the status the run saw
 * (and, for the create, the record's fields: its id, the fields it echoed). The id is threaded from the create's
 * answer. The steps name the observed contract's operations (observed-openapi.yaml beside it), so a runner also
 * checks each answer against the responses the contract records. What depends on the moment or the machine is an
 * input: the token (never its value), the receiver URL, and the instants (their defaults lie ahead of the run's
 * end; no `format` but the token's `password`, which Respect reads to mask it: its validator refuses the others).
 * The notification is out of the workflow: Arazzo 1.0.1, which Respect runs, has no step that waits for a
 * callback, and 1.1's AsyncAPI steps are not run by it.
 *
 * Written only when the run saw the create accepted, the id in its answer and a delete that worked: a workflow that
 * could not undo its create would leave a subscription on the target each time it ran.
 */
import YAML from 'yaml';
import { isObject } from '../json.js';
import type { LifecycleFacts, OperationFact } from '../lifecycle/types.js';
import type { OperationSpec } from '../operation/types.js';
import type { BehaviourReport, MatrixEntry } from '../report/types.js';
import { CONTRACT_FILES } from './build-contract.js';
import { parseBody } from './json-shape.js';
import { lifecycleOperationId } from './lifecycle-paths.js';
import { valueContexts } from './tried-bodies.js';

export const ARAZZO_FILE = 'lifecycle.arazzo.yaml';

/** The source description's name: `--server observed=<BASE_URL>` sets its server. */
export const SOURCE_NAME = 'observed';

/** How far past the run's end the default instants lie, at least: a day, so the defaults work for a day after. */
const DAY_MS = 86_400_000;

type Json = Record<string, unknown>;

export type ArazzoRender = { text: string } | { notWritten: string };

const header = (token: string): Json => ({ name: 'Authorization', in: 'header', value: `Bearer {$inputs.${token}}` });

/** A criterion's literal: a string in single quotes (none inside), a number or boolean as it is. */
function literal(value: unknown): string | undefined {
  if (typeof value === 'string') return value.includes("'") ? undefined : `'${value}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function inputName(field: string, taken: ReadonlySet<string>): string {
  return taken.has(field) ? `${field}Value` : field;
}

/** The create's inputs and payload: each field of the smallest accepted body, as a constant or an input. */
interface CreateBody {
  inputs: Record<string, Json>;
  required: string[];
  payload: Json;
  /** The create's criteria on the fields the record echoed. */
  echoedCriteria: string[];
  /** The first instant field: the one a renewal sends later. */
  instantField?: string;
}

function createBody(row: MatrixEntry, operation: OperationSpec, facts: LifecycleFacts, runEnd: Date): CreateBody {
  const [a, b] = valueContexts(runEnd);
  const body: CreateBody = {
    inputs: { token: { type: 'string', format: 'password', description: 'The bearer token (spec §5); never written to a file.' } },
    required: ['token'],
    payload: {},
    echoedCriteria: [],
  };
  const { inputs, payload, echoedCriteria } = body;
  for (const field of operation.fields) {
    if (!row.present.includes(field.name)) continue;
    const [va, vb] = [field.good(a), field.good(b)];
    const echoed = facts.record.fields[field.name]?.origin === 'echoed';
    if (va === a.notificationUrl) {
      const name = inputName(field.name, new Set(Object.keys(inputs)));
      inputs[name] = {
        type: 'string',
        description: `${field.name}: a URL that answers the target's validation of it (a receiver that echoes the validation token), as the probe's receiver did.`,
      };
      body.required.push(name);
      payload[field.name] = `$inputs.${name}`;
      if (echoed) echoedCriteria.push(`$response.body#/${field.name} == $inputs.${name}`);
    } else if (typeof va === 'string' && JSON.stringify(va) !== JSON.stringify(vb) && !Number.isNaN(Date.parse(va))) {
      const name = inputName(field.name, new Set(Object.keys(inputs)));
      const lifetime = Date.parse(va) - a.now.getTime();
      inputs[name] = {
        type: 'string',
        default: new Date(runEnd.getTime() + lifetime).toISOString(),
        description: `${field.name}: the run sent an instant ${Math.round(lifetime / 60_000)} minutes ahead; the default is that far past the run's end, so give a later one once it has passed.`,
      };
      payload[field.name] = `$inputs.${name}`;
      body.instantField ??= field.name;
    } else {
      payload[field.name] = va;
      const text = literal(va);
      if (echoed && text !== undefined && JSON.stringify(va) === JSON.stringify(vb))
        echoedCriteria.push(`$response.body#/${field.name} == ${text}`);
    }
  }
  return body;
}

/** A step after the create, on the created subscription: its status as the run saw it, and a way to the delete. */
function laterStep(operation: OperationSpec, op: OperationFact, name: string, extra: Json = {}, criteria: Json[] = []): Json {
  return {
    stepId: name,
    description: `${op.method} ${op.path}: the run saw ${op.status} on its own subscription.`,
    operationId: `$sourceDescriptions.${SOURCE_NAME}.${lifecycleOperationId(operation.id, name)}`,
    parameters: [header('token'), ...(op.path.includes('{id}') ? [{ name: 'id', in: 'path', value: '$steps.create.outputs.id' }] : [])],
    ...extra,
    successCriteria: [{ condition: `$statusCode == ${op.status}` }, ...criteria],
    // A step that fails still deletes what the create made: the workflow fails, and leaves nothing on the target.
    ...(name === 'delete' ? {} : { onFailure: [{ name: 'delete-what-was-created', type: 'goto', stepId: 'delete' }] }),
  };
}

function createStep(row: MatrixEntry, operation: OperationSpec, idKey: string, body: CreateBody): Json {
  return {
    stepId: 'create',
    description: `${operation.method} ${operation.path} with the smallest body the target accepted (${row.present.join(', ')}).`,
    operationId: `$sourceDescriptions.${SOURCE_NAME}.${operation.id}`,
    parameters: [header('token')],
    requestBody: { contentType: operation.headers['content-type'] ?? 'application/json', payload: body.payload },
    successCriteria: [
      { condition: `$statusCode == ${row.status}` },
      { condition: `$response.body#/${idKey} != null` },
      ...body.echoedCriteria.map((condition) => ({ condition })),
    ],
    outputs: { id: `$response.body#/${idKey}` },
  };
}

/**
 * Read, list, renew and delete, each where the target supported it (a renewal also needs a later instant, an input
 * added to the create's), and why each left out is.
 */
function stepsAfterCreate(
  facts: LifecycleFacts,
  operation: OperationSpec,
  idKey: string,
  body: CreateBody,
  runEnd: Date,
): { steps: Json[]; notRun: string[] } {
  const ops = facts.operations;
  const { instantField, inputs } = body;
  const steps: Json[] = [];
  const notRun: string[] = [];
  if (ops.read.supported === true)
    steps.push(laterStep(operation, ops.read, 'read', {}, [{ condition: `$response.body#/${idKey} == $steps.create.outputs.id` }]));
  else notRun.push(`read (${ops.read.status ?? 'no answer'})`);
  if (ops.list.supported === true) steps.push(laterStep(operation, ops.list, 'list'));
  else notRun.push(`list (${ops.list.status ?? 'no answer'})`);
  const renewTo = renewalDefault(facts, runEnd, instantField === undefined ? undefined : inputs[instantField]);
  if (ops.renew.supported === true && instantField !== undefined && renewTo !== undefined) {
    inputs.renewTo = {
      type: 'string',
      default: renewTo,
      description: `The later ${instantField} the renewal sends; the default lies ahead of the create's and within the longest renewal the run saw accepted.`,
    };
    const requestBody = { contentType: 'application/json', payload: { [instantField]: '$inputs.renewTo' } };
    steps.push(laterStep(operation, ops.renew, 'renew', { requestBody }));
  } else if (ops.renew.supported === true) notRun.push('renew (no later instant to send was found within the renewal seen)');
  else notRun.push(`renew (${ops.renew.status ?? 'no answer'})`);
  steps.push(laterStep(operation, ops.delete, 'delete'));
  return { steps, notRun };
}

function arazzoDocument(report: BehaviourReport, operation: OperationSpec, body: CreateBody, steps: Json[], notRun: string[]): Json {
  const workflow: Json = {
    workflowId: `${operation.id}-lifecycle`,
    summary: `Create, ${steps
      .slice(1)
      .map((s) => s.stepId as string)
      .join(', ')}: what the run saw the target support`,
    description:
      `The steps the target supported on the run's own subscription, with the answers it gave. ` +
      `${notRun.length > 0 ? `Not in the workflow, as the target did not support them: ${notRun.join(', ')}. ` : ''}` +
      'The notification (spec §6) is out of the workflow: Arazzo 1.0.1 has no step that waits for a callback.',
    inputs: { type: 'object', required: body.required, properties: body.inputs },
    steps,
    outputs: { id: '$steps.create.outputs.id' },
  };
  return {
    arazzo: '1.0.1',
    info: {
      title: `${operation.summary}: the lifecycle as observed`,
      version: report.run.suiteVersion,
      description:
        `Written by subscription-conformance from a probe of ${report.run.targetKind === 'embedded-reference' ? 'the embedded reference service' : 'the target'} ` +
        `that ended ${report.run.endedAt}. Run it with: npx @redocly/cli respect ${ARAZZO_FILE} --server ${SOURCE_NAME}=<BASE_URL> ` +
        `--input token=<token> (and each required input). The instants' defaults lie ahead of that run's end.`,
    },
    sourceDescriptions: [{ name: SOURCE_NAME, url: CONTRACT_FILES.yaml, type: 'openapi' }],
    workflows: [workflow],
  };
}

export function renderLifecycleArazzo(report: BehaviourReport, operation: OperationSpec): ArazzoRender {
  const facts = report.lifecycle;
  if (facts === undefined) return { notWritten: 'the lifecycle suite did not run' };
  if (facts.operations.delete.supported !== true)
    return { notWritten: 'no delete worked on the run’s subscription: a workflow would leave what it creates' };
  const row = smallestAccepted(report.matrix);
  if (row === undefined) return { notWritten: 'no body was accepted' };
  const idKey = idKeyOf(row, operation);
  if (idKey === undefined) return { notWritten: 'the id of what the create made was not found in the create’s answer' };
  const end = Date.parse(report.run.endedAt);
  const runEnd = Number.isNaN(end) ? new Date() : new Date(end);
  const body = createBody(row, operation, facts, runEnd);
  const later = stepsAfterCreate(facts, operation, idKey, body, runEnd);
  const steps = [createStep(row, operation, idKey, body), ...later.steps];
  const document = arazzoDocument(report, operation, body, steps, later.notRun);
  // YAML 1.1 quotes what a 1.1 reader would take for another type (an instant would become a date object).
  return { text: YAML.stringify(document, { lineWidth: 0, aliasDuplicateObjects: false, version: '1.1' }) };
}

function smallestAccepted(matrix: readonly MatrixEntry[]): MatrixEntry | undefined {
  return matrix
    .filter((m) => m.outcome === 'accepted' && m.status !== null && m.example !== undefined)
    .sort((x, y) => x.present.length - y.present.length)[0];
}

/** The top-level key of the create's answer that holds the id the operation's undo reads. */
function idKeyOf(row: MatrixEntry, operation: OperationSpec): string | undefined {
  const body = row.example === undefined ? undefined : parseBody(row.example.responseBody);
  const id = body === undefined ? undefined : operation.cleanup?.idFrom(body);
  if (id === undefined || !isObject(body)) return undefined;
  return Object.keys(body).find((key) => body[key] === id && /^[A-Za-z0-9_]+$/.test(key));
}

/** A day past the create's instant, within the longest renewal accepted (minutes from the request). */
function renewalDefault(facts: LifecycleFacts, runEnd: Date, created: Json | undefined): string | undefined {
  const from = typeof created?.default === 'string' ? Date.parse(created.default) : Number.NaN;
  if (Number.isNaN(from)) return undefined;
  const longest = facts.renewal.longestAcceptedMinutes;
  const wanted = from + DAY_MS;
  const cap = longest === null ? wanted : runEnd.getTime() + longest * 60_000;
  const at = Math.min(wanted, cap);
  return at > from ? new Date(at).toISOString() : undefined;
}
