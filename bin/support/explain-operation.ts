/**
 * explain with OPENAPI and no OPERATION_ID: the operation is picked from the document by the pasted request's method
 * and path (lib/explain/pick-operation.ts), said in one line, and given to the settings as OPERATION_ID, so the rest
 * of explain runs as with `--operation-id`. A request that names no method and path (a JSON body), or one that
 * matches no operation or several, is one line and exit 2, before anything is sent.
 */
import type { ParseArgsConfig } from 'node:util';
import { OpenApiError } from '../../lib/errors.js';
import { pickOperation } from '../../lib/explain/pick-operation.js';
import type { ExplainInput } from '../../lib/explain/read-input.js';
import { documentLabel, readOpenApi } from '../../lib/operation/openapi/index.js';
import { readSettings, type CommandLine } from './cli.js';

const EXIT_USAGE = 2;

type Line = Pick<CommandLine<ParseArgsConfig>, 'settingFlags' | 'showSettings'>;

function stop(message: string): never {
  console.error(`explain: ${message}`);
  process.exit(EXIT_USAGE);
}

/** The command line with OPERATION_ID picked from OPENAPI when only the document is given; else as it was. */
export async function withPickedOperation<L extends Line>(line: L, input: ExplainInput | undefined, har: boolean): Promise<L> {
  const read = await readSettings('explain', line, { documentRun: true, buildOperation: false });
  // Problems are said by the settings read that follows, with the operation as given.
  if ('problems' in read) return line;
  const { openapi, operationId } = read.settings.target;
  if (openapi === undefined || operationId !== undefined) return line;
  if (har) stop('--har with OPENAPI picks its entries by the operation: give --operation-id too');
  const url = input?.curl?.url;
  if (input?.curl === undefined || url === undefined)
    stop(
      "OPENAPI without OPERATION_ID: the operation is picked by the request's method and path, and a JSON body has neither; give --operation-id, or a cURL command with its URL",
    );
  let picked: ReturnType<typeof pickOperation>;
  try {
    const label = documentLabel(openapi);
    picked = pickOperation(await readOpenApi(openapi, label), { method: input.curl.method, path: url.path });
  } catch (error) {
    if (!(error instanceof OpenApiError)) throw error;
    stop(`OPENAPI: ${error.problems.join('; ')}`);
  }
  if ('problem' in picked) stop(picked.problem);
  console.log(
    `explain: operation ${picked.id} (${picked.method} ${picked.path}) of ${documentLabel(openapi)}, picked by the request's method and path`,
  );
  return { ...line, settingFlags: { ...line.settingFlags, OPERATION_ID: picked.id } };
}
