/**
 * The observed contract's files, one entry each (lib/report/outputs.ts writes them with the run's other files). A
 * new description of what was observed (an OpenAPI Overlay, an Arazzo workflow) is one more entry here, rendered
 * from the same observed contract.
 */
import YAML from 'yaml';
import { named, type Output, type OutputPlace } from '../report/outputs.js';
import { CONTRACT_FILES } from './build-contract.js';
import { ARAZZO_FILE, type ArazzoRender } from './lifecycle-arazzo.js';
import { OVERLAY_FILE, type OverlayRender } from './observed-overlay.js';

/** What the contract's outputs render from. */
export interface ContractOutputRun extends OutputPlace {
  /**
   * What the contract step observed (lib/contract/contract-step.ts): the document, undefined when it could not be
   * built, and why it is not valid OpenAPI 3.1; without it (a run that built no report), no contract file is written.
   */
  contract?: {
    document: Record<string, unknown> | undefined;
    problems: readonly string[];
    /** lifecycle.arazzo.yaml's text, or why there is none (lib/contract/lifecycle-arazzo.ts). */
    arazzo?: ArazzoRender;
    /** observed-overlay.yaml's text, or why there is none; absent when the operation came from no OpenAPI document. */
    overlay?: OverlayRender;
  };
}

/** A text rendered beside the contract, written only with a contract that is (a workflow naming its operations). */
const beside =
  (pick: (contract: NonNullable<ContractOutputRun['contract']>) => ArazzoRender | OverlayRender | undefined) =>
  ({ contract }: ContractOutputRun): string | undefined => {
    const rendered = contract === undefined || contract.document === undefined ? undefined : pick(contract);
    return rendered !== undefined && 'text' in rendered ? rendered.text : undefined;
  };

/** An invalid document is held back: the report and the console say why (lib/contract/contract-step.ts). */
const validated = { validate: (run: ContractOutputRun) => run.contract?.problems ?? [] };

export const CONTRACT_OUTPUTS: readonly Output<ContractOutputRun>[] = [
  named(
    CONTRACT_FILES.json,
    ({ contract }) => (contract?.document === undefined ? undefined : `${JSON.stringify(contract.document, null, 2)}\n`),
    validated,
  ),
  // No line folding: a long description or pattern stays one line, so a diff shows the line that changed.
  named(
    CONTRACT_FILES.yaml,
    ({ contract }) =>
      contract?.document === undefined ? undefined : YAML.stringify(contract.document, { lineWidth: 0, aliasDuplicateObjects: false }),
    validated,
  ),
  named(
    OVERLAY_FILE,
    beside((c) => c.overlay),
    validated,
  ),
  named(
    ARAZZO_FILE,
    beside((c) => c.arazzo),
    validated,
  ),
];
