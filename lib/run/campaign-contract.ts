/**
 * A contract given to a campaign (`--contract`): read once, and each operation's run compares with its part of it.
 * An operation the contract does not describe (one added to the document since the contract was written, or a
 * contract of a single operation) is probed and said not compared, as an operation BASELINE holds nothing of; a
 * one-operation run given such a contract still stops (exit 2), since there the contract was named for it.
 */
import { resolve } from 'node:path';
import { contractOperation } from '../contract/contract-operation.js';
import { readOpenApiFile } from '../contract/openapi-file.js';
import { ContractError } from '../errors.js';
import { shortPath } from '../short-path.js';

export interface ContractScope {
  /** The contract as the lines name it. */
  shownAs: string;
  /** Why the contract does not hold this operation (`it has no POST /x`), or undefined when it does. */
  lacks(method: string, path: string): string | undefined;
}

/** The campaign's contract, or the one line that stops the campaign; undefined without one. */
export async function readContractScope(file: string | undefined, cwd = process.cwd()): Promise<ContractScope | string | undefined> {
  if (file === undefined) return undefined;
  const shownAs = shortPath(file, cwd);
  let document: Record<string, unknown>;
  try {
    document = await readOpenApiFile(resolve(cwd, file));
  } catch (error) {
    if (!(error instanceof ContractError)) throw error;
    return `contract ${shownAs}: ${error.message}`;
  }
  return {
    shownAs,
    lacks: (method, path) => {
      try {
        contractOperation(document, path, method);
        return undefined;
      } catch (error) {
        if (!(error instanceof ContractError)) throw error;
        return error.message;
      }
    },
  };
}
