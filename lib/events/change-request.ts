/** CHANGE_REQUEST as a request for the engine: the body goes as JSON when it parses as JSON, else as plain text. */
import type { ChangeTrigger } from '../config/types.js';
import type { RequestSpec } from '../http/types.js';

export function changeRequestSpec(change: Extract<ChangeTrigger, { kind: 'request' }>): RequestSpec {
  if (change.body === undefined) return { method: change.method, path: change.path };
  let json = true;
  try {
    JSON.parse(change.body);
  } catch {
    json = false;
  }
  return {
    method: change.method,
    path: change.path,
    headers: { 'content-type': json ? 'application/json' : 'text/plain; charset=utf-8' },
    body: change.body,
  };
}
