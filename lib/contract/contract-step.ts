/**
 * The contract part of a probe run's end (and of `npm run contract`): build the observed contract
 * from the report, validate it as OpenAPI 3.1 and, given a contract, compare the target with it. What it finds
 * goes into `report.contract` (the Markdown and HTML show it) and into console lines; its files are outputs
 * (lib/contract/contract-outputs.ts), written with the run's others. A failure here is recorded as a problem and
 * never costs the behaviour report.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { OperationSpec } from '../operation/types.js';
import type { BehaviourReport, ReportContract } from '../report/types.js';
import { buildObservedContract, CONTRACT_FILES, type ObservedContract as BuiltContract } from './build-contract.js';
import { compareWithContract } from './compare-contract.js';
import { CONTRACT_OUTPUTS, type ContractOutputRun } from './contract-outputs.js';
import { ARAZZO_FILE, renderLifecycleArazzo, type ArazzoRender } from './lifecycle-arazzo.js';
import { OVERLAY_FILE, parseSourceDocument, renderObservedOverlay, type OverlayRender } from './observed-overlay.js';
import { validateOpenApi } from './openapi-file.js';
import type { ContractOperation } from './types.js';
import { writeOutputs, type Output } from '../report/outputs.js';
import { runRedactor } from '../redaction/run-redactor.js';

/** Disagreements printed on the console; the reports hold them all. */
const CONSOLE_LIMIT = 40;

export interface GivenContract {
  operation: ContractOperation;
  /** The file as the user gave it. */
  shownAs: string;
}

/** The OpenAPI document the operation was built from (OPENAPI), when it was: the overlay is written for it. */
export interface OpenApiSource {
  /** Where to read it. */
  path: string;
  /** How the overlay names it (never a machine's absolute path). */
  label: string;
  operationId: string;
}

export interface ContractStepResult {
  contract: ReportContract;
  written: string[];
  lines: string[];
}

/** What the contract step found, before anything is written: the document to write, if it could be built. */
export interface ObservedContract {
  contract: ReportContract;
  /** observed-openapi as a document; undefined when it could not be built (contract.observed.problem says why). */
  document: Record<string, unknown> | undefined;
  /** Why the document is not valid OpenAPI 3.1, a line each: its files are then not written. */
  problems: readonly string[];
  /** Console lines; the one about the observed contract names the file it is written to in `dir`. */
  lines: string[];
  /** lifecycle.arazzo.yaml's text, or why it is not written; absent when the contract itself was not built. */
  arazzo?: ArazzoRender;
  /** observed-overlay.yaml's text, or why it is not written; absent when the operation came from no OpenAPI document. */
  overlay?: OverlayRender;
}

/** The report's contract entry for the contract built: written only when it is valid OpenAPI. */
function built(observed: BuiltContract, checked: Awaited<ReturnType<typeof validateOpenApi>>): NonNullable<ReportContract['observed']> {
  return {
    file: CONTRACT_FILES.json,
    yaml: CONTRACT_FILES.yaml,
    requestBodySchema: observed.requestSchema,
    roundTripDisagreements: observed.roundTrip.disagreements.length,
    ...(checked.valid ? {} : { problem: `not written: not valid OpenAPI 3.1: ${checked.errors}` }),
  };
}

/** The report's contract entry when the contract could not be built. */
function notBuilt(message: string): NonNullable<ReportContract['observed']> {
  return {
    file: CONTRACT_FILES.json,
    yaml: CONTRACT_FILES.yaml,
    requestBodySchema: false,
    roundTripDisagreements: 0,
    problem: `not written: ${message}`,
  };
}

/** The report checked against the contract given: the comparison goes into `contract`, its lines are returned. */
function compareGiven(report: BehaviourReport, operation: OperationSpec, given: GivenContract, contract: ReportContract): string[] {
  try {
    const comparison = compareWithContract(report, operation, given.operation, { shownAs: given.shownAs });
    contract.comparison = comparison;
    return comparisonLines(comparison);
  } catch (error) {
    // Checked when it was read; should it still fail here, the run's reports are kept and the line says why.
    return [`contract ${given.shownAs}: not compared: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/** Builds, validates and compares; writes nothing, so that a run writes its files once, together. */
export async function observeContract(
  report: BehaviourReport,
  operation: OperationSpec,
  dir: string,
  given?: GivenContract,
  /** The file the line names: the contract's JSON in `dir`, unless it is written elsewhere (`contract --out FILE`). */
  shown = join(dir, CONTRACT_FILES.json),
  /** The OpenAPI document the operation was built from: the overlay is rendered for it. */
  source?: OpenApiSource,
): Promise<ObservedContract> {
  const contract: ReportContract = {};
  const lines: string[] = [];
  let document: Record<string, unknown> | undefined;
  let problems: readonly string[] = [];
  let arazzo: ArazzoRender | undefined;
  let overlay: OverlayRender | undefined;
  try {
    const observed = buildObservedContract(report, operation);
    const checked = await validateOpenApi(observed.document);
    document = observed.document;
    problems = checked.valid ? [] : checked.errors.split('\n').filter((l) => l.trim() !== '');
    const n = observed.roundTrip.disagreements.length;
    const bodies = observed.roundTrip.compared.combinations + observed.roundTrip.compared.valueClasses + observed.roundTrip.compared.limits;
    contract.observed = built(observed, checked);
    lines.push(
      `contract: ${shown} (OpenAPI 3.1 ${checked.valid ? 'valid' : 'INVALID, not written'}; round trip over ${bodies} bodies tried: ${n} disagreement${n === 1 ? '' : 's'}${unexplainedNote(observed.roundTrip.notCompared.unexplained)})`,
      ...observed.roundTrip.disagreements.slice(0, CONSOLE_LIMIT).map((d) => `  round trip: ${d.message}`),
      ...(checked.valid ? [] : [`  ${checked.errors.split('\n')[0] ?? ''}`]),
    );
    if (checked.valid) {
      // Rendered beside the contract, whose operations the workflow names: written only with it.
      if (source !== undefined) overlay = await overlayFor(source, observed.requestSchema, report.run.suiteVersion);
      arazzo = renderLifecycleArazzo(report, operation);
      lines.push(
        ...besideLines(dir, [
          ['overlay', OVERLAY_FILE, overlay],
          ['lifecycle workflow', ARAZZO_FILE, arazzo],
        ]),
      );
    }
  } catch (error) {
    document = undefined;
    const message = error instanceof Error ? error.message : String(error);
    contract.observed = notBuilt(message);
    lines.push(`contract: ${shown} not written: ${message}`);
  }
  if (given !== undefined) lines.push(...compareGiven(report, operation, given, contract));
  return {
    contract,
    document,
    problems,
    lines,
    ...(arazzo !== undefined ? { arazzo } : {}),
    ...(overlay !== undefined ? { overlay } : {}),
  };
}

async function overlayFor(source: OpenApiSource, requestSchema: Record<string, unknown>, version: string): Promise<OverlayRender> {
  try {
    const document = parseSourceDocument(await readFile(source.path, 'utf8'));
    return renderObservedOverlay({ document, label: source.label, operationId: source.operationId }, requestSchema, version);
  } catch (error) {
    return {
      notWritten: `${source.label} cannot be read again (${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)})`,
    };
  }
}

const BESIDE = ['overlay', 'lifecycle workflow'] as const;

/** A console line for each text rendered beside the contract: the file it goes to, or why there is none. */
function besideLines(
  dir: string,
  files: readonly [what: string, name: string, render: ArazzoRender | OverlayRender | undefined][],
): string[] {
  return files.flatMap(([what, name, render]) =>
    render === undefined ? [] : ['text' in render ? `${what}: ${join(dir, name)}` : `${what}: ${name} not written: ${render.notWritten}`],
  );
}

/** `npm run contract`: observe, then write the contract's files. */
export async function contractStep(
  report: BehaviourReport,
  operation: OperationSpec,
  dir: string,
  given?: GivenContract,
  /** The files to write: the contract's, or one of them at another path (`contract --out FILE.json`). */
  outputs: readonly Output<ContractOutputRun>[] = CONTRACT_OUTPUTS,
): Promise<ContractStepResult> {
  const first = outputs[0]?.file({ reportDir: dir });
  const observed = await observeContract(
    report,
    operation,
    dir,
    given,
    first === undefined ? undefined : isAbsolute(first) ? first : join(dir, first),
  );
  const { written } = await writeOutputs(outputs, { reportDir: dir, contract: observed }, runRedactor());
  // One file asked for (`--out FILE.json`): the texts beside the contract are not written, so not said.
  const lines =
    outputs === CONTRACT_OUTPUTS ? observed.lines : observed.lines.filter((l) => !BESIDE.some((what) => l.startsWith(`${what}: `)));
  return { contract: observed.contract, written, lines };
}

function comparisonLines(comparison: NonNullable<ReportContract['comparison']>): string[] {
  const n = comparison.disagreements.length;
  const { combinations, valueClasses, limits } = comparison.compared;
  const skipped = comparison.notCompared.noVerdict + comparison.notCompared.notBuildable;
  return [
    `contract ${comparison.contract}: ${n === 0 ? 'the target agrees with it' : `${n} disagreement${n === 1 ? '' : 's'}`} ` +
      `(compared ${combinations} combinations, ${valueClasses} value classes, ${limits} limit sides${skipped > 0 ? `; not compared: ${comparison.notCompared.noVerdict} without a verdict, ${comparison.notCompared.notBuildable} that cannot be built again` : ''})`,
    ...comparison.disagreements.slice(0, CONSOLE_LIMIT).map((d) => `  ${d.message}`),
    ...(n > CONSOLE_LIMIT ? [`  … and ${n - CONSOLE_LIMIT} more (all in behaviour-report.json, contract.comparison)`] : []),
  ];
}

/** Refusals the contract states no reason for are recorded in it (x-observed.unknown), and said here. */
function unexplainedNote(count: number | undefined): string {
  return count === undefined || count === 0 ? '' : `; ${count} refused for a reason no keyword states, recorded and not compared`;
}
