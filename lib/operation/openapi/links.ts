/**
 * OpenAPI `links` of an operation's answers: which operation takes a value of the answer, under which parameter, by
 * which runtime expression (`$response.body#/id`, `$response.header.Location`, `$request.path.item-id`). The campaign
 * finds producers by them, and the undo of a create whose delete is not beside it (an invitation's permission) too.
 */
import { isObject } from '../../json.js';
import type { FoundOperation } from './find-operation.js';

export interface AnswerLink {
  /** The answer's status key, e.g. `201`. */
  status: string;
  operationId: string;
  /** Parameter name -> runtime expression, the string ones only. */
  parameters: Record<string, string>;
}

/** The links of `found`'s 2xx answers, in document order. */
export function answerLinks(found: FoundOperation): AnswerLink[] {
  const responses = found.operation['responses'];
  if (!isObject(responses)) return [];
  const out: AnswerLink[] = [];
  for (const [status, response] of Object.entries(responses)) {
    const links = /^2/.test(status) && isObject(response) ? response['links'] : undefined;
    if (!isObject(links)) continue;
    for (const link of Object.values(links)) {
      if (!isObject(link) || typeof link['operationId'] !== 'string' || !isObject(link['parameters'])) continue;
      const parameters: Record<string, string> = {};
      for (const [name, expression] of Object.entries(link['parameters']))
        if (typeof expression === 'string') parameters[name] = expression;
      out.push({ status, operationId: link['operationId'], parameters });
    }
  }
  return out;
}

/** `$response.body#/value/0/id` -> `/value/0/id`; undefined for any other expression. */
export function bodyPointer(expression: string): string | undefined {
  const match = /^\$response\.body#(\/.*)?$/.exec(expression.trim());
  return match === null ? undefined : (match[1] ?? '');
}

/** `$response.header.Location` -> `location`; undefined for any other expression. */
export function headerName(expression: string): string | undefined {
  const match = /^\$response\.header\.([!#$%&'*+.^_`|~0-9A-Za-z-]+)$/.exec(expression.trim());
  return match?.[1]?.toLowerCase();
}
