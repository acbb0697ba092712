/** The observed contract and the comparison of a target with a contract, as plain data. */

/** What a contract says of the probed operation: its request body schema and its responses. */
export interface ContractOperation {
  requestSchema: unknown;
  /** By status key as written (`201`, `4XX`, `default`), with the error codes its body schema allows, if it names any. */
  responses: Record<string, { errorCodes?: string[] }>;
}

/** One place where the target and the contract disagree. */
export interface ContractDisagreement {
  kind: 'combination' | 'value' | 'limit';
  /** `{notificationUrl, expirationDateTime}`, `clientState length-256`, `clientState longest accepted clientState 255 characters`. */
  subject: string;
  /** The report's key for the evidence: a combination's fields joined by `+`, or a case id. */
  evidence: string;
  /** What the contract says, e.g. `accepted`, `rejected (expirationDateTime must match format "date-time")`, `400`. */
  contract: string;
  /** What the target did, e.g. `201`, `400 invalidRequest`. */
  target: string;
  /** `subject: contract says X, target did Y`. */
  message: string;
}

export interface ContractComparison {
  /** The contract file, as given. */
  contract: string;
  compared: { combinations: number; valueClasses: number; limits: number };
  /** Bodies left out: the target gave no usable answer, or the body could not be built again. */
  notCompared: { noVerdict: number; notBuildable: number };
  disagreements: ContractDisagreement[];
}
