/**
 * The observed contract: an OpenAPI 3.1 document whose request body schema accepts
 * exactly what the target accepted, built from the behaviour report and the operation alone, and
 * checked against every body the probe tried before it is returned (`x-observed.roundTrip`).
 * Keys and lists come in a fixed order (the operation's field order, sorted sets), so two runs
 * against an unchanged target give the same document apart from the run-specific `x-observed` keys.
 */
import { buildBody } from '../matrix/build-body.js';
import { formatCombination } from '../rule/field-set.js';
import { ruleOf } from '../rule/rule-value.js';
import type { FieldSpec, OperationSpec, ValueContext } from '../operation/types.js';
import { ruleInWords } from '../report/rule-in-words.js';
import { undeterminedFields } from '../report/report-facts.js';
import type { BehaviourReport } from '../report/types.js';
import { compareWithContract, UNEXPLAINED_MARK } from './compare-contract.js';
import { LIFETIME_KEYWORD, type LifetimeBound } from './contract-ajv.js';
import { contractOperation } from './contract-operation.js';
import { idlExtension } from './idl-provenance.js';
import { nonPortableKeywords } from './portable.js';
import { triedBodies, valueContexts, type TriedBody } from './tried-bodies.js';
import { deriveFieldSchema, type FieldLimit, type ValueSample } from './field-schema.js';
import { lifecyclePaths } from './lifecycle-paths.js';
import { limitKind } from './limit-kind.js';
import { presenceSchema, type PresenceSchema } from './presence-schema.js';
import { observedResponses } from './responses.js';
import type { ContractComparison } from '../report/types.js';
import { PresenceSchemaError } from '../errors.js';

type Json = Record<string, unknown>;

export const CONTRACT_FILES = { json: 'observed-openapi.json', yaml: 'observed-openapi.yaml' } as const;

/**
 * `x-observed` keys (at any depth below an `x-observed`) that change from run to run against an unchanged
 * target: times, the run's id, request counts, and the real example answers (they carry the ids and instants
 * the target made). Everything else in the document is the same for the same behaviour.
 */
export const RUN_SPECIFIC_KEYS: readonly string[] = ['startedAt', 'endedAt', 'runId', 'requestsSent', 'requests', 'example'];

/** Longest list of combinations written out in `x-observed`; the rest are counted. */
const LIST_LIMIT = 64;

export interface ObservedContract {
  document: Json;
  requestSchema: Json;
  /** The document checked against every body the report holds: zero disagreements when it is exact. */
  roundTrip: ContractComparison;
}

type MatrixEntry = BehaviourReport['matrix'][number];

/** What the run saw of one field's values: its good value where a combination with it was accepted, then every value tried. */
function valueSamples(
  spec: FieldSpec,
  accepted: readonly MatrixEntry[],
  tried: readonly TriedBody[],
  [ctx, other]: readonly [ValueContext, ValueContext],
): ValueSample[] {
  const samples: ValueSample[] = [];
  if (accepted.some((m) => m.present.includes(spec.name))) {
    const good = spec.good(ctx);
    samples.push({
      value: good,
      outcome: 'accepted',
      varies: JSON.stringify(good) !== JSON.stringify(spec.good(other)),
      subject: `${spec.name} good value`,
    });
  }
  for (const t of tried) {
    if (t.field !== spec.name || t.value === undefined || t.target.outcome === 'unknown') continue;
    samples.push({
      value: t.value(ctx),
      outcome: t.target.outcome,
      varies: t.varies ?? true,
      subject: t.subject,
      ...(t.specForm === true ? { specForm: true } : {}),
      ...(t.aboutOthers === true ? { aboutOthers: true } : {}),
    });
  }
  return samples;
}

/** A limit pinned, or where a search that stopped short saw its first refusal: the two bounds a run's answers prove. */
function fieldLimits(report: BehaviourReport, operation: OperationSpec, field: string, ctx: ValueContext): FieldLimit[] {
  return (report.values[field]?.limits ?? []).flatMap((l) => {
    const search = operation.limits?.find((s) => s.field === field && s.name === l.name);
    const kind = search === undefined ? undefined : limitKind(search, ctx);
    return kind === undefined || (l.value === undefined && l.firstRejected === undefined)
      ? []
      : [{ kind: kind.kind, unit: kind.kind === 'lifetime' ? kind.unit : l.unit, value: l.value, firstRejected: l.firstRejected }];
  });
}

function requestSchemaOf(report: BehaviourReport, presence: PresenceSchema, fields: string[], properties: Json): Json {
  if (presence.form === 'nothing-accepted') {
    return {
      not: {},
      description: 'Nothing was accepted: no body of the fields tried got a 2xx.',
      'x-observed': requestObserved(report, presence, fields),
    };
  }
  return {
    type: 'object',
    description:
      presence.form === 'not-probed'
        ? 'Which fields are required is not known: the presence matrix gave no answer in this run.'
        : ruleInWords(report.rule, fields, { undetermined: undeterminedFields(report) }),
    properties,
    ...presence.keywords,
    'x-observed': requestObserved(report, presence, fields),
  };
}

export function buildObservedContract(report: BehaviourReport, operation: OperationSpec): ObservedContract {
  // Values are derived at a fixed moment: lifetimes are relative, and the same run gives the same schema. Its
  // half second makes a spelling without the fraction of a second (sent as such) fall below the value it spells,
  // as it does at any real moment, so a bound drawn at it holds for those spellings whenever they are judged.
  const contexts = valueContexts(new Date(Date.UTC(2030, 0, 1, 0, 0, 0, 500)));
  const [ctx] = contexts;
  const fields = operation.fields.map((f) => f.name);
  const tried = triedBodies(report, operation);
  const roles = Object.fromEntries(Object.entries(report.fields).map(([name, r]) => [name, r.presence as string]));
  const accepted = report.matrix.filter((m) => m.outcome === 'accepted');
  const presence = presenceOf(report, fields, roles);

  const properties: Json = {};
  // Refusals no keyword states: the contract records them and the round trip does not hold it to them.
  const unexplained = new Set<string>();
  for (const spec of operation.fields) {
    if (presence.forbidden.includes(spec.name)) {
      properties[spec.name] = false;
      continue;
    }
    const samples = valueSamples(spec, accepted, tried, contexts);
    const derived = deriveFieldSchema(samples, fieldLimits(report, operation, spec.name, ctx), ctx.now);
    for (const subject of derived.unexplained) unexplained.add(subject);
    properties[spec.name] = {
      ...derived.schema,
      ...(description(report, spec.name, derived.schema) !== undefined
        ? { description: description(report, spec.name, derived.schema) }
        : {}),
      'x-observed': fieldObserved(report, spec.name, tried, derived.unexplained, derived.gaps),
    };
  }
  const requestSchema = requestSchemaOf(report, presence, fields, properties);

  // Every validator must read the schema alike: a keyword some drafts skip would make it accept more there.
  const nonPortable = nonPortableKeywords(requestSchema);
  if (nonPortable.length > 0) throw new Error(`the request body schema uses keywords not every validator reads: ${nonPortable.join('; ')}`);

  const document = assemble(report, operation, requestSchema);
  const roundTrip = compareWithContract(report, operation, contractOperation(document, operation.path, operation.method), {
    shownAs: CONTRACT_FILES.json,
    wholeBodyOnly: true,
    unexplained,
  });
  const operationObserved = pathOperation(document, operation)['x-observed'] as Json;
  operationObserved.roundTrip = {
    compared: roundTrip.compared,
    notCompared: roundTrip.notCompared,
    disagreements: roundTrip.disagreements.map((d) => d.message),
  };
  return { document, requestSchema, roundTrip };
}

function presenceOf(report: BehaviourReport, fields: string[], roles: Record<string, string>): PresenceSchema {
  // A run without the presence matrix (a filtered run) says nothing of which fields are required: no presence keywords.
  if (!report.matrix.some((m) => m.outcome === 'accepted' || m.outcome === 'rejected'))
    return { keywords: {}, forbidden: [], form: 'not-probed', checked: 0 };
  const extra = report.matrix.map((m) => m.present);
  const rule = ruleOf(report.rule);
  if (rule === undefined)
    throw new PresenceSchemaError(`the report's rule ${report.rule.expression} has no value: it is not an expression`);
  return presenceSchema(
    {
      fields,
      roles,
      rule,
      dependencies: report.rule.dependencyDetails,
      dependenciesExact: report.rule.dependenciesExact,
    },
    fields.length > 14 ? extra : [],
  );
}

function pathOperation(document: Json, operation: OperationSpec): Json {
  return ((document.paths as Json)[operation.path] as Json)[operation.method.toLowerCase()] as Json;
}

function assemble(report: BehaviourReport, operation: OperationSpec, requestSchema: Json): Json {
  const { run } = report;
  const embedded = run.targetKind === 'embedded-reference';
  const idl = idlExtension(
    report,
    operation.fields.map((f) => f.name),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: `${operation.summary}: the observed contract`,
      version: run.suiteVersion,
      description:
        'What the target accepted and how it answered, as found by probing (subscription-conformance). ' +
        'The request body schema accepts exactly the bodies the target accepted among those tried; `x-observed` on each element ' +
        'says what it rests on and what is unknown. `x-lifetime` bounds an instant relative to the request time.',
      'x-observed': {
        target: embedded ? `embedded reference service (profile ${run.referenceProfile ?? 'default'})` : run.target,
        targetKind: run.targetKind,
        startedAt: run.startedAt,
        endedAt: run.endedAt,
        requestsSent: run.requestsSent,
        repeats: run.repeats,
        ...(run.stopped !== undefined ? { stopped: run.stopped.why } : {}),
      },
    },
    // The embedded reference listens on a new loopback port each run: a relative server keeps the document stable.
    servers: [
      embedded
        ? { url: '/', description: 'the embedded reference service (a loopback port that changes from run to run)' }
        : { url: run.target },
    ],
    // spec §5: every request carries a bearer token.
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'spec §5: Authorization: Bearer <token>' } } },
    paths: {
      ...lifecycleItemPaths(report, operation),
      [operation.path]: {
        ...lifecycleCollection(report, operation),
        [operation.method.toLowerCase()]: {
          operationId: operation.id,
          summary: operation.summary,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: requestSchema, ...examplesOf(report, operation) } },
          },
          responses: observedResponses(report),
          ...(idl.xDependencies !== undefined ? { 'x-dependencies': idl.xDependencies } : {}),
          'x-observed': {
            rule: report.rule.expression,
            dependencies: idl.evidence,
            roles: Object.fromEntries(operation.fields.map((f) => [f.name, report.fields[f.name]?.presence ?? 'unknown'])),
          },
        },
      },
    },
  };
}

/** How many accepted bodies the media type shows as examples. */
const ACCEPTED_EXAMPLES = 3;

/**
 * Bodies the target answered, as the media type's examples: the smallest accepted combinations, then for each
 * field in none of them the smallest refused combination that has it (what a forbidden field looks like sent).
 * Values are the operation's good values at a fixed moment with a neutral receiver URL, so the examples are the
 * same from run to run; `npm run operation -- --openapi` on this document takes its good values from them.
 */
function examplesOf(report: BehaviourReport, operation: OperationSpec): Json {
  const ctx = { now: new Date(Date.UTC(2030, 0, 1)), notificationUrl: 'https://receiver.example/notifications', unique: 'example' };
  const bySize = (a: { present: string[] }, b: { present: string[] }): number => a.present.length - b.present.length;
  const accepted = report.matrix
    .filter((m) => m.outcome === 'accepted')
    .sort(bySize)
    .slice(0, ACCEPTED_EXAMPLES);
  const shown = new Set(accepted.flatMap((m) => m.present));
  const refused = report.matrix.filter((m) => m.outcome === 'rejected').sort(bySize);
  const extra = operation.fields
    .map((f) => f.name)
    .filter((name) => !shown.has(name))
    .flatMap((name) => {
      const row = refused.find((m) => m.present.includes(name));
      return row === undefined ? [] : [{ name, row }];
    });
  const examples: Json = {};
  accepted.forEach((row, i) => {
    examples[`accepted-${i + 1}`] = {
      summary: `Accepted (${row.status ?? '2xx'}): ${formatCombination(row.present)}`,
      value: buildBody(operation, row.present, ctx),
      'x-observed': { outcome: 'accepted', status: row.status },
    };
  });
  for (const { name, row } of extra) {
    const answer = `${row.status ?? 'refused'}${row.errorCode !== undefined ? ` ${row.errorCode}` : ''}`;
    examples[`refused-with-${name}`] = {
      summary: `Refused (${answer}): ${formatCombination(row.present)}`,
      value: buildBody(operation, row.present, ctx),
      'x-observed': { outcome: 'rejected', status: row.status, ...(row.errorCode !== undefined ? { errorCode: row.errorCode } : {}) },
    };
  }
  return Object.keys(examples).length === 0 ? {} : { examples };
}

/** The lifecycle's item path (read, renew, delete), when it was seen. */
function lifecycleItemPaths(report: BehaviourReport, operation: OperationSpec): Json {
  return Object.fromEntries(
    Object.entries(lifecyclePaths(report.lifecycle, operation.path, operation.id)).filter(([path]) => path !== operation.path),
  );
}

/** The list on the collection path, beside the create; never in place of it. */
function lifecycleCollection(report: BehaviourReport, operation: OperationSpec): Json {
  const collection = lifecyclePaths(report.lifecycle, operation.path, operation.id)[operation.path] ?? {};
  return Object.fromEntries(Object.entries(collection).filter(([method]) => method !== operation.method.toLowerCase()));
}

function requestObserved(report: BehaviourReport, presence: PresenceSchema, fields: string[]): Json {
  const counts = { accepted: 0, rejected: 0, unknown: 0 };
  for (const m of report.matrix) counts[m.outcome === 'accepted' || m.outcome === 'rejected' ? m.outcome : 'unknown'] += 1;
  const unknown = report.matrix
    .filter((m) => m.outcome !== 'accepted' && m.outcome !== 'rejected')
    .map((m) => `${formatCombination(m.present)}: ${m.outcome}`);
  const undetermined = Object.entries(report.fields).filter(
    ([, r]) => !['required', 'forbidden', 'optional', 'conditional'].includes(r.presence),
  );
  const possible = 2 ** fields.length;
  return {
    form: presence.form,
    evidence: { combinationsTried: report.matrix.length, ...counts, possible },
    checkedAgainstRule: presence.checked,
    unknown: [
      ...unknown.slice(0, LIST_LIMIT),
      ...(unknown.length > LIST_LIMIT ? [`… and ${unknown.length - LIST_LIMIT} more unstable or unanswered combinations`] : []),
      ...(report.matrix.length < possible
        ? [
            `${possible - report.matrix.length} of ${possible} combinations were not tried: the schema's answer on them follows the inferred rule, not evidence`,
          ]
        : []),
      ...undetermined.map(
        ([name, r]) =>
          `${name}: role ${r.presence}${r.possible !== undefined ? ` (possible: ${r.possible.join(', ')})` : ''}` +
          `${r.hangsOn !== undefined && r.hangsOn.length > 0 ? `, hangs on ${r.hangsOn.map((c) => `{${c.join(', ')}}`).join(', ')}` : ''}: ${r.explanation}`,
      ),
      ...(report.diagnosis !== undefined ? [report.diagnosis.message] : []),
    ],
  };
}

function fieldObserved(
  report: BehaviourReport,
  field: string,
  tried: readonly TriedBody[],
  unexplained: readonly string[],
  gaps: readonly string[],
): Json {
  const values = report.values[field];
  const mine = tried.filter((t) => t.field === field && t.kind === 'value');
  const answer = (t: TriedBody): string =>
    `${t.classId ?? ''}${t.target.status !== null ? ` (${t.target.status}${t.target.errorCode !== undefined ? ` ${t.target.errorCode}` : ''})` : ''}`;
  const role = report.fields[field];
  return {
    role: role?.presence ?? 'unknown',
    ...(role !== undefined ? { why: role.explanation } : {}),
    accepted: mine.filter((t) => t.target.outcome === 'accepted').map((t) => t.classId ?? ''),
    rejected: mine.filter((t) => t.target.outcome === 'rejected').map(answer),
    limits: (values?.limits ?? []).map((l) => ({
      name: l.name,
      ...(l.value !== undefined ? { longestAccepted: l.value } : {}),
      ...(l.firstRejected !== undefined ? { firstRejected: l.firstRejected } : {}),
      unit: l.unit,
      requests: l.requests,
      ...(l.note !== undefined ? { note: l.note } : {}),
    })),
    unknown: [
      ...mine.filter((t) => t.target.outcome === 'unknown').map((t) => `${t.classId ?? ''}: no usable answer (unstable or none)`),
      ...mine.filter((t) => t.value === undefined).map((t) => `${t.classId ?? ''}: the value cannot be built again`),
      ...unexplained.map((s) => `${s}${UNEXPLAINED_MARK}`),
      ...gaps,
      ...(mine.length === 0 ? ['no value class was tried: only the good value is known'] : []),
    ],
  };
}

function description(report: BehaviourReport, field: string, schema: Json): string | undefined {
  const parts: string[] = [];
  const role = report.fields[field]?.presence;
  if (role !== undefined) parts.push(`Role: ${role}.`);
  const lifetime = schema[LIFETIME_KEYWORD] as LifetimeBound | undefined;
  if (lifetime !== undefined) {
    const bounds = [
      ...(lifetime.minimum !== undefined ? [`at least ${lifetime.minimum}`] : []),
      ...(lifetime.maximum !== undefined ? [`at most ${lifetime.maximum}`] : []),
    ];
    parts.push(`Lifetime: ${bounds.join(' and ')} ${lifetime.unit} after the request (${LIFETIME_KEYWORD}: JSON Schema has no "now + N").`);
  }
  return parts.length === 0 ? undefined : parts.join(' ');
}
