/**
 * The files a campaign writes over all its operations, from what each run wrote in its own folder: one observed
 * contract (observed-openapi.json and .yaml, valid OpenAPI 3.1 or not written), one Overlay for the campaign's
 * document, and one SARIF log located on the document's operations (results.sarif, or results.partial.sarif when a
 * run covers part of its cases or an operation was left unrun, as a one-operation run names its own). Each is read
 * from the runs' files, which passed their run's secret check, and joined by lib/contract and lib/report.
 */
import { existsSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import YAML from 'yaml';
import { CONTRACT_FILES } from '../contract/build-contract.js';
import { joinObservedContracts, type ContractPart } from '../contract/join-contracts.js';
import { joinOverlays, type OverlayPart } from '../contract/join-overlays.js';
import { OVERLAY_FILE } from '../contract/observed-overlay.js';
import { validateOpenApi } from '../contract/openapi-file.js';
import { isObject } from '../json.js';
import { joinSarif, type SarifPart } from '../report/join-sarif.js';
import type { SarifLog } from '../report/render-sarif.js';
import { PARTIAL_SARIF_FILE, SARIF_FILE } from '../report/report-outputs.js';
import type { CampaignFiles, IndexEntry } from './campaign-index.js';
import { EXIT } from './exit-decision.js';
import { suiteVersion } from './execute-run.js';

/** The campaign's document: as results and the overlay name it, and where to read its text. */
export interface CampaignDocument {
  label: string;
  path?: string;
}

const ran = (entries: readonly IndexEntry[]): IndexEntry[] => entries.filter((e) => e.status === 'run');

/** A run's file, parsed, or undefined when the run did not write it. */
function readRunFile<T>(dir: string, entry: IndexEntry, name: string, parse: (text: string) => T): T | undefined {
  const path = join(dir, entry.folder, name);
  return existsSync(path) ? parse(readFileSync(path, 'utf8')) : undefined;
}

/** The operations not in the joined contract, each with why. */
function absentWords(dir: string, entries: readonly IndexEntry[]): string[] {
  return entries.flatMap((e) => {
    if (e.status !== 'run') return [`${e.id} (${e.status}: ${e.reason})`];
    return existsSync(join(dir, e.folder, CONTRACT_FILES.json)) ? [] : [`${e.id} (its run wrote no observed contract)`];
  });
}

/** observed-openapi.json and .yaml over every run that wrote its own; not written when invalid. */
async function writeContract(dir: string, label: string, entries: readonly IndexEntry[], files: CampaignFiles): Promise<string[]> {
  const parts: ContractPart[] = ran(entries).flatMap((e) => {
    const document = readRunFile(dir, e, CONTRACT_FILES.json, (t) => JSON.parse(t) as unknown);
    return isObject(document) ? [{ id: e.id, method: e.method, path: e.path, document }] : [];
  });
  const names = [CONTRACT_FILES.json, CONTRACT_FILES.yaml];
  if (parts.length === 0) return notWritten(dir, files, names, 'no run wrote an observed contract');
  const joined = joinObservedContracts(label, parts, absentWords(dir, entries));
  const checked = await validateOpenApi(joined.document);
  if (!checked.valid) return notWritten(dir, files, names, `not valid OpenAPI 3.1: ${checked.errors.split('\n')[0] ?? ''}`);
  const json = join(dir, CONTRACT_FILES.json);
  const yaml = join(dir, CONTRACT_FILES.yaml);
  await writeFile(json, `${JSON.stringify(joined.document, null, 2)}\n`);
  await writeFile(yaml, YAML.stringify(joined.document, { lineWidth: 0, aliasDuplicateObjects: false }));
  const notJoined = joined.notJoined.length > 0 ? { notJoined: joined.notJoined } : {};
  files.contract = { json: CONTRACT_FILES.json, yaml: CONTRACT_FILES.yaml, operations: parts.map((p) => p.id), ...notJoined };
  return [json, yaml];
}

/** observed-overlay.yaml over every run that wrote one (runs of an OpenAPI document do, when its schema allows). */
async function writeOverlay(dir: string, label: string, entries: readonly IndexEntry[], files: CampaignFiles): Promise<string[]> {
  const parts: OverlayPart[] = ran(entries).flatMap((e) => {
    const text = readRunFile(dir, e, OVERLAY_FILE, (t) => t);
    return text === undefined ? [] : [{ id: e.id, text }];
  });
  const joined = joinOverlays(label, parts, suiteVersion());
  if ('notWritten' in joined) return notWritten(dir, files, [OVERLAY_FILE], joined.notWritten);
  const path = join(dir, OVERLAY_FILE);
  await writeFile(path, joined.text);
  files.overlay = { file: OVERLAY_FILE, operations: joined.operations };
  return [path];
}

/** Each operation's part of the SARIF: its run's log, or the stop that says the target does not serve it. */
function sarifParts(dir: string, entries: readonly IndexEntry[], now: string): { parts: SarifPart[]; partial: string[] } {
  const parts: SarifPart[] = [];
  const partial: string[] = [];
  for (const e of entries) {
    if (e.status === 'stopped' && e.code === EXIT.failed) parts.push({ id: e.id, notServed: e.reason, at: { start: now, end: now } });
    // A skipped operation (a path nothing fills, a body the tool cannot build) is checked by no run: the campaign's
    // results cover part of the document, and say which part is missing and why, as a run of some suites does.
    else if (e.status === 'stopped' || e.status === 'not run' || e.status === 'skipped')
      partial.push(`${e.id} was ${e.status} (${e.reason})`);
    if (e.status !== 'run') continue;
    const log =
      readRunFile(dir, e, SARIF_FILE, (t) => JSON.parse(t) as SarifLog) ??
      readRunFile(dir, e, PARTIAL_SARIF_FILE, (t) => JSON.parse(t) as SarifLog);
    if (log === undefined) partial.push(`${e.id}'s run wrote no SARIF`);
    else parts.push({ id: e.id, log });
  }
  return { parts, partial };
}

/** results.sarif (or results.partial.sarif) over every operation, the other name removed as a run's is. */
async function writeSarif(dir: string, doc: CampaignDocument, entries: readonly IndexEntry[], files: CampaignFiles): Promise<string[]> {
  const { parts, partial } = sarifParts(dir, entries, new Date().toISOString());
  let text: string | undefined;
  try {
    if (doc.path !== undefined) text = readFileSync(doc.path, 'utf8');
  } catch {
    // Without the document's text, results point to the file, not to a line of it.
  }
  const why = partial.length > 0 ? partial.join('; ') : undefined;
  const log = joinSarif(parts, {
    uri: doc.label,
    toolVersion: suiteVersion(),
    ...(text !== undefined ? { text } : {}),
    ...(why !== undefined ? { partial: why } : {}),
  });
  const complete = log.runs.every((r) => r.invocations.every((i) => i.executionSuccessful));
  const [name, other] = complete ? [SARIF_FILE, PARTIAL_SARIF_FILE] : [PARTIAL_SARIF_FILE, SARIF_FILE];
  const path = join(dir, name);
  await writeFile(path, `${JSON.stringify(log, null, 2)}\n`);
  await rm(join(dir, other), { force: true });
  const results = log.runs.reduce((n, r) => n + r.results.length, 0);
  files.sarif = { file: name, results, ...(complete ? {} : { partial: why ?? 'a run covers part of its cases (its own SARIF says why)' }) };
  return [path];
}

/** A joined file this campaign does not write, removed: one an earlier campaign left in the same REPORT_DIR would be taken for this one's. */
async function notWritten(dir: string, files: CampaignFiles, names: readonly string[], why: string): Promise<string[]> {
  for (const name of names) await rm(join(dir, name), { force: true });
  (files.notWritten ??= []).push(`${names[0] ?? ''}: ${why}`);
  return [];
}

/** Writes the campaign's joined files in `dir`; gives what the index says of them and the paths written. */
export async function writeCampaignOutputs(
  dir: string,
  doc: CampaignDocument,
  entries: readonly IndexEntry[],
): Promise<{ files: CampaignFiles; written: string[] }> {
  const files: CampaignFiles = {};
  const written = [
    ...(await writeContract(dir, doc.label, entries, files)),
    ...(await writeOverlay(dir, doc.label, entries, files)),
    ...(await writeSarif(dir, doc, entries, files)),
  ];
  return { files, written };
}
