/**
 * HTTP Archive 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the fields this tool writes and reads.
 * Custom fields start with `_`, as the format allows.
 */

export interface HarNameValue {
  name: string;
  value: string;
  comment?: string;
}

export interface HarPostData {
  mimeType: string;
  text: string;
  comment?: string;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: HarPostData;
  /** -1: not known (the engine does not keep the raw header block). */
  headersSize: number;
  bodySize: number;
}

export interface HarContent {
  size: number;
  mimeType: string;
  text?: string;
  comment?: string;
}

export interface HarResponse {
  /** 0 when no HTTP answer was had, as browsers write a failed request. */
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  /** -1 when the body was not read whole. */
  bodySize: number;
  comment?: string;
}

export interface HarTimings {
  blocked?: number;
  dns?: number;
  connect?: number;
  send: number;
  wait: number;
  receive: number;
  ssl?: number;
  comment?: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: HarTimings;
  comment?: string;
  /** Requests put on the wire for this exchange (1 + retries; 0 when a limit stopped it before sending). */
  _attempts?: number;
  /** Statuses of the earlier attempts that were retried. */
  _retriedStatuses?: number[];
  /** The conformance case that sent it, when one did (its id in the behaviour report). */
  _case?: string;
  /** Every case that sent or judged it, when more than one did (the first is `_case`). */
  _cases?: string[];
  /** The suite file of that case. */
  _suite?: string;
  /** Why there was no answer (status 0). */
  _failure?: { kind: string; message: string };
}

export interface HarLog {
  version: string;
  creator: { name: string; version: string; comment?: string };
  entries: HarEntry[];
  comment?: string;
}

export interface Har {
  log: HarLog;
}
