/**
 * Small targets for the tool's own tests that answer the subscription create as services whose validation is
 * done by their framework do by default, each refusing in its framework's own default body and wording (the
 * versions and sources are those of lib/error-body/default-bodies.test.ts):
 *
 * - fastify: Fastify 5, a route JSON Schema and the default error handler; ajv stops at the first error.
 * - nestjs: NestJS 11 with class-validator and the global ValidationPipe (whitelist, forbidNonWhitelisted): every
 *   problem listed, the properties that should not exist first.
 * - prism: Prism 5.15 mocking an OpenAPI document with no 4xx: its own 422 problem+json, every ajv error listed.
 * - drf: Django REST framework 3.15; unknown fields are not a field error, so the view's validate() refuses them in
 *   `non_field_errors`, after the field errors (DRF runs it only when the fields are valid).
 * - connexion: connexion 3, jsonschema's first error as the problem's detail.
 * - text: a hand-written Go net/http service, `http.Error` with a sentence.
 *
 * All six keep the same rule, the default reference's: notificationUrl and expirationDateTime required, changeType
 * and resource refused (`RULE`), clientState optional. What a run reports of them must be read from their answers.
 */
import http from 'node:http';
import { listen } from '../../lib/net/listen.js';

export type FrameworkKind = 'fastify' | 'nestjs' | 'prism' | 'drf' | 'connexion' | 'text';
export const FRAMEWORK_KINDS: readonly FrameworkKind[] = ['fastify', 'nestjs', 'prism', 'drf', 'connexion', 'text'];

export const RULE = 'notificationUrl && expirationDateTime && !changeType && !resource';
const REQUIRED = ['notificationUrl', 'expirationDateTime'];
const REFUSED = ['changeType', 'resource'];
const COLLECTION = '/_api/v2.0/drive/root/subscriptions';

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const json = (status: number, body: unknown, contentType = 'application/json; charset=utf-8'): Answer => ({
  status,
  contentType,
  body: JSON.stringify(body),
});

/**
 * The framework's refusal of a body with these keys, or undefined when it accepts it; with what the test knows of it
 * by construction: the fields its text names (`names`) and the kind of each sentence it says (`kinds`), so that what
 * a run reports can be checked against them without reading the body the way the tool does.
 */
export function frameworkRefusal(kind: FrameworkKind, keys: readonly string[]): Refusal | undefined {
  const missing = REQUIRED.filter((f) => !keys.includes(f));
  const extra = REFUSED.filter((f) => keys.includes(f));
  if (missing.length === 0 && extra.length === 0) return undefined;
  const first = missing[0];
  switch (kind) {
    case 'fastify':
      return first !== undefined
        ? refusal(
            json(400, {
              statusCode: 400,
              code: 'FST_ERR_VALIDATION',
              error: 'Bad Request',
              message: `body must have required property '${first}'`,
            }),
            [first],
            ['required'],
          )
        : refusal(
            json(400, { statusCode: 400, code: 'FST_ERR_VALIDATION', error: 'Bad Request', message: 'body must NOT be valid' }),
            [],
            ['not'],
          );
    case 'nestjs': {
      const message = [
        ...extra.map((f) => `property ${f} should not exist`),
        ...missing.map((f) => (f === 'notificationUrl' ? `${f} must be a URL address` : `${f} must be a valid ISO 8601 date string`)),
      ];
      const kinds = [...extra.map(() => 'whitelist'), ...missing.map((f) => (f === 'notificationUrl' ? 'isUrl' : 'isIso8601'))];
      return refusal(json(400, { message, error: 'Bad Request', statusCode: 400 }), [...extra, ...missing], kinds);
    }
    case 'prism': {
      const validation = [
        ...missing.map((f) => ({
          location: ['body'],
          severity: 'Error',
          code: 'required',
          message: `Request body must have required property '${f}'`,
        })),
        ...extra.map(() => ({
          location: ['body'],
          severity: 'Error',
          code: 'additionalProperties',
          message: 'Request body must NOT have additional properties',
        })),
      ];
      const body = {
        type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
        title: 'Invalid request',
        status: 422,
        detail:
          'Your request is not valid and no HTTP validation response was found in the spec, so Prism is generating this error for you.',
        validation,
      };
      return refusal(json(422, body, 'application/problem+json'), missing, ['detail', ...validation.map((v) => v.code)]);
    }
    case 'drf':
      return first !== undefined
        ? refusal(
            json(400, Object.fromEntries(missing.map((f) => [f, ['This field is required.']]))),
            missing,
            missing.map(() => 'required'),
          )
        : refusal(
            json(400, { non_field_errors: extra.map((f) => `Unexpected field: ${f}`) }),
            extra,
            extra.map(() => 'unexpected'),
          );
    case 'connexion':
      return first !== undefined
        ? refusal(
            json(
              400,
              { type: 'about:blank', title: 'Bad Request', detail: `'${first}' is a required property`, status: 400 },
              'application/problem+json',
            ),
            [first],
            ['required'],
          )
        : refusal(
            json(
              400,
              {
                type: 'about:blank',
                title: 'Bad Request',
                detail: `Additional properties are not allowed (${extra.map((f) => `'${f}'`).join(', ')} ${extra.length === 1 ? 'was' : 'were'} unexpected)`,
                status: 400,
              },
              'application/problem+json',
            ),
            extra,
            ['additional'],
          );
    case 'text':
      return first !== undefined
        ? refusal({ status: 400, contentType: TEXT, body: `${first} is required\n` }, [first], ['required'])
        : refusal({ status: 400, contentType: TEXT, body: `field ${extra[0] ?? ''} is not allowed\n` }, [extra[0] ?? ''], ['not-allowed']);
  }
}

const TEXT = 'text/plain; charset=utf-8';

export interface Refusal extends Answer {
  /** The operation's fields the framework's text names, by construction. */
  names: string[];
  /** One id per kind of sentence, in the order said: refusals with the same distinct kinds say the same kind of thing. */
  kinds: string[];
}

const refusal = (answer: Answer, names: string[], kinds: string[]): Refusal => ({ ...answer, names, kinds });

export interface FrameworkTarget {
  kind: FrameworkKind;
  url: string;
  /** Subscriptions created and not deleted. */
  readonly live: number;
  close(): Promise<void>;
}

/** One target on a loopback port: creates on the drive collection, DELETE of what it created; GET is 405. */
export async function startFrameworkTarget(kind: FrameworkKind): Promise<FrameworkTarget> {
  const live = new Set<string>();
  let next = 0;
  const send = (res: http.ServerResponse, answer: Answer): void => {
    res.writeHead(answer.status, { 'content-type': answer.contentType, 'x-content-type-options': 'nosniff' });
    res.end(answer.body);
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 1 << 20) chunks.push(chunk);
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (req.method === 'DELETE' && path.startsWith(`${COLLECTION}/`) && live.delete(path.slice(COLLECTION.length + 1))) {
        res.writeHead(204).end();
        return;
      }
      if (path !== COLLECTION)
        return send(res, json(404, { statusCode: 404, error: 'Not Found', message: `Route ${req.method} ${path} not found` }));
      if (req.method !== 'POST')
        return send(res, json(405, { statusCode: 405, error: 'Method Not Allowed', message: 'Method Not Allowed' }));
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(res, json(400, { statusCode: 400, error: 'Bad Request', message: 'Body is not valid JSON' }));
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return send(res, json(400, { statusCode: 400, error: 'Bad Request', message: 'body must be object' }));
      }
      const refusal = frameworkRefusal(kind, Object.keys(body));
      if (refusal !== undefined) return send(res, refusal);
      next += 1;
      const id = `sub-${next}`;
      live.add(id);
      return send(res, json(201, { id, ...body }));
    });
  });
  const { url } = await listen(server, {}, 'startFrameworkTarget');
  return {
    kind,
    url,
    get live() {
      return live.size;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
