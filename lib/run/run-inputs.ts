/**
 * What a run reads before it sends anything, each a setup error in one line when it cannot be used: the
 * baseline to compare with, the contract to compare with, and the token got by client credentials. Each file's
 * reader is loaded when that file is given: a run of none sends its first request without them.
 */
import { resolve } from 'node:path';
import { shortPath } from '../short-path.js';
import { clientCredentialsOptions, describeProvenance, openTokenSource } from '../auth/from-config.js';
import type { ClientCredentialsTokenSource } from '../auth/token-source.js';
import type { Baseline } from '../baseline/types.js';
import type { Settings } from '../config/types.js';
import type { GivenContract, OpenApiSource } from '../contract/contract-step.js';
import type { Expectation } from '../expectations/types.js';
import { documentLabel } from '../operation/openapi/index.js';
import { BaselineFileError, ContractError, TokenRequestError } from '../errors.js';

export interface RunInputs {
  baseline?: { baseline: Baseline; shownAs: string };
  contract?: GivenContract;
  /** The expectations file (EXPECTATIONS), as shown, and its entries. */
  expectations?: { file: string; list: Expectation[] };
  /** The OpenAPI document the operation was built from (OPENAPI): the run writes an overlay for it. */
  openapi?: OpenApiSource;
}

/** The baseline and the contract the run compares with, or the one line that stops it. */
export async function readRunInputs(
  settings: Settings,
  contractFile: string | undefined,
  cwd = process.cwd(),
): Promise<RunInputs | string> {
  const operation = settings.target.operation;
  const { openapi, operationId } = settings.target;
  const inputs: RunInputs =
    openapi !== undefined && operationId !== undefined
      ? { openapi: { path: resolve(cwd, openapi), label: documentLabel(resolve(cwd, openapi), cwd), operationId } }
      : {};
  const baselineFile = await campaignOperationBaseline(settings.reports.baseline, operation.id, cwd);
  if (typeof baselineFile === 'object') return baselineFile.problem;
  if (baselineFile !== undefined) {
    const shownAs = shortPath(baselineFile, cwd);
    const { readBaseline } = await import('../baseline/baseline-file.js');
    try {
      const read = await readBaseline(baselineFile);
      if (read.operation.id !== operation.id) {
        return `baseline ${shownAs} is of operation "${read.operation.id}", not "${operation.id}" (${operation.source ?? 'OPERATION'})`;
      }
      inputs.baseline = { baseline: read, shownAs };
    } catch (error) {
      if (!(error instanceof BaselineFileError)) throw error;
      return `baseline ${shownAs}: ${error.problems.join('; ')}`;
    }
  }
  if (contractFile !== undefined) {
    const shownAs = shortPath(contractFile, cwd);
    const [{ readOpenApiFile }, { contractOperation }] = await Promise.all([
      import('../contract/openapi-file.js'),
      import('../contract/contract-operation.js'),
    ]);
    try {
      // The file as named from the run's working folder, which is not always this process's (a run through the API).
      const document = await readOpenApiFile(resolve(cwd, contractFile));
      inputs.contract = { operation: contractOperation(document, operation.path, operation.method), shownAs };
    } catch (error) {
      if (!(error instanceof ContractError)) throw error;
      return `contract ${shownAs}: ${error.message}`;
    }
  }
  const expectationsFile = settings.reports.expectations;
  if (expectationsFile !== undefined) {
    // Checked against every case a whole run of these settings can record, so a mistyped id stops the run before
    // anything is sent, not after a night of requests (lib/plan names them as the suites do).
    const shownAs = shortPath(expectationsFile, cwd);
    const [{ readExpectations }, { knownCaseIds }] = await Promise.all([
      import('../expectations/read-expectations.js'),
      import('../plan/plan.js'),
    ]);
    const read = await readExpectations(expectationsFile, shownAs, { known: knownCaseIds(settings), operation: operation.id });
    if ('problems' in read) return read.problems.map((p) => `expectations ${p}`).join('\n');
    inputs.expectations = { file: shownAs, list: read.expectations };
  }
  return inputs;
}

/** BASELINE as an earlier campaign's REPORT_DIR or index.json: the baseline it left of this operation. */
async function campaignOperationBaseline(
  given: string | undefined,
  operationId: string,
  cwd: string,
): Promise<string | undefined | { problem: string }> {
  if (given === undefined) return given;
  const { earlierBaselines, isCampaignBaseline } = await import('./campaign-baselines.js');
  if (!isCampaignBaseline(given)) return given;
  const baselines = await earlierBaselines(given);
  if (typeof baselines === 'string') return { problem: baselines };
  return (
    baselines.get(operationId) ?? {
      problem: `baseline ${shortPath(given, cwd)}: the campaign there left no baseline of operation "${operationId}"`,
    }
  );
}

/**
 * The run's token source, with its first token; undefined without client credentials (ACCESS_TOKEN or none);
 * a token endpoint's refusal is the one line that stops the run (naming the setting to check).
 */
export async function openRunToken(
  settings: Settings,
  log: (line: string) => void,
): Promise<ClientCredentialsTokenSource | undefined | string> {
  const options = clientCredentialsOptions(settings);
  if (options === undefined) return undefined;
  if (settings.target.baseUrl === undefined) {
    log('token: client credentials not used: the embedded reference service accepts only the token it generates (set BASE_URL)');
    return undefined;
  }
  try {
    const source = await openTokenSource(options);
    log(describeProvenance(source.provenance()));
    return source;
  } catch (error) {
    if (!(error instanceof TokenRequestError)) throw error;
    return error.message;
  }
}
