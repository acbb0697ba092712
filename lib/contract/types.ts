/** What a contract says of the probed operation, as plain data (the comparison's result is the report's: ../report/types.ts). */

/** What a contract says of the probed operation: its request body schema and its responses. */
export interface ContractOperation {
  requestSchema: unknown;
  /** By status key as written (`201`, `4XX`, `default`), with the error codes its body schema allows, if it names any. */
  responses: Record<string, { errorCodes?: string[] }>;
}
