/**
 * Protocol cases: what the target does with the request around the body.
 *   spec §5  authentication: a create without a valid Bearer token is not accepted;
 *   spec §4  content: malformed bodies (spec §7 rule 1), Content-Type variants, duplicate keys, 1 MiB;
 *   spec §9  version: the v2.0 path serves the create; other versions are recorded;
 *   spec §4  other methods on the path are recorded.
 * Verdicts come from lib/protocol/; this file only sends, cleans up and records. A server error to any of these
 * requests DEVIATES, as in every suite (lib/protocol/server-error.ts).
 * Every request is sent once: where a verdict case has an INFORMATIONAL twin (auth), both read the
 * same exchange, and the twin's record counts no requests.
 */
import { describe, test, type TestContext } from 'vitest';
import type { ExampleExchange } from '../lib/case-record.js';
import { AUTH_VARIANTS, describeRefusal, judgeWithoutValidToken } from '../lib/protocol/auth.js';
import { cutShort, duplicateKeyBody, keptOccurrence, padWithWhitespace, pickDuplicate } from '../lib/protocol/bodies.js';
import { curlWithAuthorization, curlWithCompactBody } from '../lib/protocol/curl.js';
import { wellFormedBase } from '../lib/protocol/judgement.js';
import { judgeMalformedBody } from '../lib/protocol/malformed.js';
import { judgeOpenRequest } from '../lib/protocol/open.js';
import { judgeSpecVersionPath } from '../lib/protocol/version.js';
import { isSuccessStatus } from '../lib/http/status.js';
import type { Exchange } from '../lib/http/types.js';
import { CaseRun, example, finishCase, skipCase } from './support/case-run.js';
import { probeContext } from './support/context.js';
import {
  fieldsWithAMember,
  pathWithVersion,
  recordProtocol,
  sendOnce,
  wellFormed,
  wellFormedBody,
  type Sent,
} from './support/well-formed.js';

import { caseIds, type CONTENT_CASES, type MALFORMED_BODIES, type OTHER_METHODS, type OTHER_VERSIONS } from '../lib/plan/case-ids.js';
import { settleWhenStopped } from './support/stop.js';

const probe = probeContext();
settleWhenStopped(probe);
const operation = probe.operation;
const MEBIBYTE = 1024 * 1024;

// ---- the cases -------------------------------------------------------------------------------------

describe('protocol: the well-formed body', () => {
  test('protocol/base: the body the protocol cases start from', { meta: { caseId: caseIds.wellFormed } }, async (context) => {
    const wf = await wellFormed(probe);
    await finishCase(context, wf.run, { id: caseIds.wellFormed, kind: 'protocol', ...wellFormedBase(wf.present, wf.source) });
  });
});

/*
 * spec §5: "Requests carry an Authorization header using the Bearer scheme with an access token,
 * Bearer <ACCESS_TOKEN>."
 * Requirement: a create without a valid Bearer token is not accepted. How the refusal looks is not shown.
 */
describe.concurrent('spec §5 authentication: requests carry a Bearer token', () => {
  for (const [index, variant] of AUTH_VARIANTS.entries()) {
    const sendVariant = (): Promise<Sent> =>
      sendOnce(probe, `auth/${variant.id}`, async (run) => {
        const headers = { ...operation.headers, ...(variant.authorization !== undefined ? { authorization: variant.authorization } : {}) };
        const body = JSON.stringify(await wellFormedBody(probe));
        const exchange = await run.client.send({ method: operation.method, path: operation.path, headers, body, auth: false });
        await run.client.undoCreate(exchange); // with the run's token: a create made without one is still ours to remove
        return exchange;
      });
    const shown = (exchange: Exchange): ExampleExchange => ({
      ...example(exchange),
      curl: curlWithAuthorization(exchange, variant.authorization),
    });

    test(`spec §5/auth-${index + 1}: ${variant.label} -> not accepted`, { meta: { caseId: caseIds.auth(variant.id) } }, async (context) => {
      const { run, exchange } = await sendVariant();
      await recordProtocol(context, run, caseIds.auth(variant.id), judgeWithoutValidToken(variant, exchange), shown(exchange));
    });

    test(`spec §5/auth-${index + 1}/refusal: how the answer to ${variant.label} looks`, {
      meta: { caseId: caseIds.authRefusal(variant.id) },
    }, async (context) => {
      const { exchange } = await sendVariant();
      // The request belongs to the verdict case above: this record counts none.
      await recordProtocol(
        context,
        new CaseRun(probe),
        caseIds.authRefusal(variant.id),
        describeRefusal(variant, exchange),
        shown(exchange),
      );
    });
  }
});

/*
 * spec §7 rule 1: "When a subscription creation request is rejected as malformed, the service answers
 * with status 400 and error.code invalidRequest." spec §4: the request body is a JSON object.
 * Requirement: a body that is not a JSON object is answered 400 invalidRequest.
 */
const MALFORMED: { id: (typeof MALFORMED_BODIES)[number]; label: string; body: () => Promise<string> }[] = [
  {
    id: 'not-json',
    label: 'a body that is not JSON (the well-formed body cut short)',
    body: async () => cutShort(JSON.stringify(await wellFormedBody(probe))),
  },
  { id: 'json-array', label: 'a JSON array holding the well-formed body', body: async () => JSON.stringify([await wellFormedBody(probe)]) },
  { id: 'json-null', label: 'the JSON literal null', body: () => Promise.resolve('null') },
  { id: 'empty-body', label: 'an empty body', body: () => Promise.resolve('') },
];

// One after another, as every case that judges a refusal: the first to meet a kind of refusal is the one that
// judges it for the run (lib/protocol/once-per-kind.ts), the same case every run.
describe('spec §7 rule 1: a malformed body is answered 400 invalidRequest', () => {
  for (const [index, malformed] of MALFORMED.entries()) {
    test(`spec §7.1/malformed-${index + 1}: ${malformed.label} -> 400 invalidRequest`, {
      meta: { caseId: caseIds.malformed(malformed.id) },
    }, async (context) => {
      const run = new CaseRun(probe);
      const exchange = await run.client.sendBody(await malformed.body());
      await run.client.undoCreate(exchange);
      await recordProtocol(context, run, caseIds.malformed(malformed.id), judgeMalformedBody(malformed.label, exchange), example(exchange));
    });
  }
});

/*
 * spec §4 shows `Content-type: application/json`; other types, parameters, duplicate member names and
 * size bounds (spec §8) are not shown. Recorded; a refusal of the body must still hold spec §7 rule 1 whatever
 * its status (a 422 as much as a 400 with another body; a 415 or 413 is about something else: §7 rule 3), and a
 * server error DEVIATES, as in every suite (lib/protocol/open.ts).
 */
const withoutContentType = Object.fromEntries(Object.entries(operation.headers).filter(([name]) => name.toLowerCase() !== 'content-type'));
const CONTENT_TYPES: { id: (typeof CONTENT_CASES)[number]; label: string; headers: Record<string, string> }[] = [
  { id: 'no-content-type', label: 'no Content-Type header', headers: withoutContentType },
  { id: 'text-plain', label: 'Content-Type: text/plain', headers: { ...withoutContentType, 'content-type': 'text/plain' } },
  {
    id: 'json-charset',
    label: 'Content-Type: application/json; charset=utf-8',
    headers: { ...withoutContentType, 'content-type': 'application/json; charset=utf-8' },
  },
];
const CONTENT_TYPE_REF = 'open: spec §4 shows Content-type application/json; other types and parameters not shown';

/** Open (spec §4 shows application/json only): the well-formed body sent with another Content-Type, or none. */
async function contentTypeCase(context: TestContext, variant: (typeof CONTENT_TYPES)[number]): Promise<void> {
  const run = new CaseRun(probe);
  const sent = await wellFormedBody(probe);
  const body = JSON.stringify(sent);
  const exchange = await run.client.send({ method: operation.method, path: operation.path, headers: variant.headers, body });
  await run.client.undoCreate(exchange);
  const judgement = judgeOpenRequest(
    {
      label: `the well-formed body with ${variant.label}`,
      specRef: CONTENT_TYPE_REF,
      ruleOneApplies: true,
      sentFields: Object.keys(sent),
    },
    exchange,
  );
  await recordProtocol(context, run, caseIds.content(variant.id), judgement, example(exchange));
}

/** Open (spec §4; RFC 8259 §4 leaves duplicate member names to the receiver): one member name twice. */
async function duplicateKeysCase(context: TestContext): Promise<void> {
  const run = new CaseRun(probe);
  const fields = await fieldsWithAMember(probe, run);
  const first = await wellFormedBody(probe, 0, fields);
  // A minute later: a timestamp that differs and is still inside any lifetime limit.
  const dup = pickDuplicate(first, await wellFormedBody(probe, 60_000, fields));
  const body = dup === undefined ? '{}' : duplicateKeyBody(first, dup);
  const exchange = await run.client.sendBody(body);
  await run.client.undoCreate(exchange);
  const kept = dup === undefined || !isSuccessStatus(exchange.status) ? undefined : keptOccurrence(exchange.responseBody, dup);
  const judgement = judgeOpenRequest(
    {
      label: dup === undefined ? 'an empty body with no member to repeat' : `the well-formed body with ${dup.field} twice`,
      specRef: 'open: spec §4 (a JSON object; duplicate member names not shown; RFC 8259 §4 leaves them to the receiver)',
      ruleOneApplies: true,
      ...(kept !== undefined ? { detail: kept } : {}),
    },
    exchange,
  );
  await recordProtocol(context, run, caseIds.content('duplicate-keys'), judgement, example(exchange));
}

/** Open (spec §8, size bounds not shown): the well-formed body padded with whitespace to 1 MiB. */
async function oneMebibyteCase(context: TestContext): Promise<void> {
  const run = new CaseRun(probe);
  const exchange = await run.client.sendBody(padWithWhitespace(JSON.stringify(await wellFormedBody(probe)), MEBIBYTE));
  await run.client.undoCreate(exchange);
  const judgement = judgeOpenRequest(
    {
      label: `the well-formed body padded with whitespace to 1 MiB (${MEBIBYTE} bytes)`,
      specRef: 'open: spec §8 (size bounds: not shown)',
      ruleOneApplies: true,
    },
    exchange,
  );
  await recordProtocol(context, run, caseIds.content('one-mebibyte'), judgement, {
    ...example(exchange),
    curl: curlWithCompactBody(exchange),
  });
}

describe('spec §4 content: what the target does with the request body (open)', () => {
  for (const [index, variant] of CONTENT_TYPES.entries()) {
    test(
      `spec §4/content-${index + 1}: the well-formed body with ${variant.label}`,
      {
        meta: { caseId: caseIds.content(variant.id) },
      },
      (context) => contentTypeCase(context, variant),
    );
  }

  test(
    'spec §4/content-4: the well-formed body with one member name twice',
    {
      meta: { caseId: caseIds.content('duplicate-keys') },
    },
    duplicateKeysCase,
  );

  test(
    'spec §4/content-5: the well-formed body padded with whitespace to 1 MiB',
    {
      meta: { caseId: caseIds.content('one-mebibyte') },
    },
    oneMebibyteCase,
  );
});

/*
 * spec §9: "The subscription path contains the version segment v2.0 right after _api."
 * "Version policy, other versions and deprecation rules: not shown."
 */
const VERSIONS: { id: (typeof OTHER_VERSIONS)[number]; label: string; path: string | undefined }[] = [
  { id: 'v1.0', label: 'version v1.0', path: pathWithVersion(operation.path, 'v1.0/') },
  { id: 'v2.1', label: 'version v2.1', path: pathWithVersion(operation.path, 'v2.1/') },
  { id: 'no-version', label: 'no version segment', path: pathWithVersion(operation.path, '') },
];

describe.concurrent('spec §9 version: the path contains v2.0', () => {
  test('spec §9/version-1: the well-formed body on the v2.0 path -> served (2xx)', {
    meta: { caseId: caseIds.specVersion },
  }, async (context) => {
    const run = new CaseRun(probe);
    const exchange = await run.client.sendBody(await wellFormedBody(probe));
    await run.client.undoCreate(exchange);
    await recordProtocol(
      context,
      run,
      caseIds.specVersion,
      judgeSpecVersionPath(exchange, (await wellFormed(probe)).accepted),
      example(exchange),
    );
  });

  for (const [index, version] of VERSIONS.entries()) {
    test(`spec §9/version-${index + 2}: the well-formed body with ${version.label} (${version.path ?? 'no version segment in the path'})`, {
      meta: { caseId: caseIds.version(version.id) },
    }, async (context) => {
      if (version.path === undefined)
        return skipCase(context, {
          id: caseIds.version(version.id),
          reason: `the operation path ${operation.path} has no version segment to change (spec §9)`,
        });
      const run = new CaseRun(probe);
      const body = JSON.stringify(await wellFormedBody(probe));
      const exchange = await run.client.send({ method: operation.method, path: version.path, headers: operation.headers, body });
      await run.client.undoElsewhere(exchange, version.path, true);
      const judgement = judgeOpenRequest(
        { label: `a create with ${version.label}`, specRef: 'open: spec §9 (other versions: not shown)', ruleOneApplies: false },
        exchange,
      );
      await recordProtocol(context, run, caseIds.version(version.id), judgement, example(exchange));
    });
  }
});

/*
 * spec §4: "Other subscription operations (list, read, renew, delete): not shown." Other methods on the
 * create path are recorded with their status and whether an error body is the §7 error object.
 * DELETE on the collection is sent too: OData services (the v2.0 API is one) answer it 405 or 400; a
 * service that deleted every subscription on it would be the finding most worth knowing before use.
 */
const METHODS: { method: (typeof OTHER_METHODS)[number]; withBody: boolean }[] = [
  { method: 'GET', withBody: false },
  { method: 'PUT', withBody: true },
  { method: 'PATCH', withBody: true },
  { method: 'DELETE', withBody: false },
];
const LISTING_NOT_RECORDED = '(not recorded: a listing may hold other subscriptions and their clientState)';

describe.concurrent('spec §4 methods: other methods on the create path (open)', () => {
  for (const [index, { method, withBody }] of METHODS.entries()) {
    test(`spec §4/method-${index + 1}: ${method} ${operation.path}`, { meta: { caseId: caseIds.method(method) } }, async (context) => {
      // A live service might act on a DELETE or PUT to its collection: only with consent.
      if (method !== 'GET' && probe.target.kind === 'configured' && !probe.settings.target.probeWriteMethods) {
        skipCase(context, {
          id: caseIds.method(method),
          reason: `${method} on a configured target's collection path is sent only when asked: a live service might act on it`,
          toTest: 'set PROBE_WRITE_METHODS=true',
        });
      }
      const run = new CaseRun(probe);
      const request = withBody
        ? { method, path: operation.path, headers: operation.headers, body: JSON.stringify(await wellFormedBody(probe)) }
        : { method, path: operation.path };
      const exchange = await run.client.send(request);
      // A PUT or PATCH may have created something: removed when the answer names an id.
      if (withBody) await run.client.undoElsewhere(exchange, operation.path, false);
      const judgement = judgeOpenRequest(
        {
          label: `${method} on the create path${withBody ? ' with the well-formed body' : ''}`,
          specRef: 'open: spec §4 (other subscription operations: not shown)',
          ruleOneApplies: false,
        },
        exchange,
      );
      const shown = example(exchange);
      const listing = method === 'GET' && isSuccessStatus(exchange.status);
      await recordProtocol(
        context,
        run,
        caseIds.method(method),
        judgement,
        listing ? { ...shown, responseBody: LISTING_NOT_RECORDED } : shown,
      );
    });
  }
});
