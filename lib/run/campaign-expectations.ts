/**
 * An expectations file given to a campaign: each run reads the entries about its own operation and those about none
 * (lib/expectations/read-expectations.ts). An entry naming an operation the document does not have would apply to no
 * run, night after night, so the campaign refuses it before anything is sent, as a run refuses a case no suite has.
 */
import { closestCase, readExpectations } from '../expectations/read-expectations.js';
import { allOperations, type OpenApiDocument } from '../operation/openapi/index.js';

/** One line per entry about an operation the document lacks, or per problem of the file; undefined when it is sound. */
export async function unknownExpectationOperations(
  file: string | undefined,
  shownAs: string,
  doc: OpenApiDocument,
): Promise<string | undefined> {
  if (file === undefined) return undefined;
  // Every operation of the document, picked by OPERATIONS or not: an entry may wait for a run that picks it.
  const operations = allOperations(doc).flatMap((o) =>
    typeof o.operation['operationId'] === 'string' ? [o.operation['operationId']] : [],
  );
  // The file's own shape and reasons are each run's to check, against its case ids; here only the operations named.
  const read = await readExpectations(file, shownAs, { placeholders: 'kept' });
  if ('problems' in read) return `expectations ${read.problems.join('; ')}`;
  const known = new Set(operations);
  const problems = read.expectations.flatMap((e, i) => {
    if (e.operation === undefined || known.has(e.operation)) return [];
    const meant = closestCase(e.operation, operations);
    return [
      `expectations ${shownAs}: /expectations/${i} (${e.case}): no operation ${e.operation} in the document${meant === undefined ? '' : `; did you mean ${meant}?`}`,
    ];
  });
  return problems.length === 0 ? undefined : problems.join('; ');
}
