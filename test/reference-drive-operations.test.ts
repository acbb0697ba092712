/**
 * The embedded reference's other drive operations (reference/drive-items.ts) and their OpenAPI document
 * (operations/drive-api.yaml): each create's rule is what the service enforces, a child needs an existing folder, a
 * folder with children is not deleted, the document is valid OpenAPI 3.1, and a probe of the folder create from the
 * document learns its rule exactly.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import { describe, expect, test } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseProfileInput, PROFILES, startReferenceService } from '../reference/index.js';
import type { BehaviourReport } from '../lib/report/types.js';
import { errorOf, TOKEN, useService, type Reply } from './support/reference-client.js';
import { runProbe } from './run-probe.js';

const ROOT = new URL('..', import.meta.url).pathname;
const DOCUMENT = join(ROOT, 'operations/drive-api.yaml');
const ROOT_CHILDREN = '/_api/v2.0/drive/root/children';
const item = (id: string, rest = ''): string => `/_api/v2.0/drive/items/${encodeURIComponent(id)}${rest}`;

const { service, client } = useService();

const idOf = (reply: Reply): string => (reply.json as { id: string }).id;

async function newFolder(name = 'folder'): Promise<string> {
  const made = await client.send('POST', ROOT_CHILDREN, { body: { name, folder: {} } });
  expect(made.status, made.text).toBe(201);
  return idOf(made);
}

/** A body with exactly these fields, each with a value of its type. */
function bodyOf(present: string[], values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(present.map((f) => [f, values[f]]));
}

describe('POST /_api/v2.0/drive/root/children: a folder under root, accepted when name && folder', () => {
  const values = { name: 'reports', folder: {}, '@microsoft.graph.conflictBehavior': 'rename', description: 'kept' };
  test.each([
    [['name', 'folder'], 201, undefined],
    [['name', 'folder', 'description', '@microsoft.graph.conflictBehavior'], 201, undefined],
    [['name'], 400, 'folder'],
    [['folder', 'description'], 400, 'name'],
    [[], 400, 'name'],
  ])('present %j -> %i', async (present, status, named) => {
    const reply = await client.send('POST', ROOT_CHILDREN, { body: bodyOf(present, values) });

    expect(reply.status, reply.text).toBe(status);
    if (named === undefined) {
      expect(reply.json).toMatchObject({ name: expect.stringMatching(/^reports/), folder: { childCount: 0 } });
      expect(reply.headers['location']).toBe(`${service().url}${item(idOf(reply))}`);
    } else {
      expect(errorOf(reply).code).toBe('invalidRequest');
      expect(errorOf(reply).message).toContain(`'${named}'`);
    }
  });

  test('a value outside the conflict behaviours, or of the wrong type, is refused naming the property', async () => {
    const behaviour = await client.send('POST', ROOT_CHILDREN, {
      body: { name: 'x', folder: {}, '@microsoft.graph.conflictBehavior': 'overwrite' },
    });
    const type = await client.send('POST', ROOT_CHILDREN, { body: { name: 'x', folder: 'yes' } });

    expect([behaviour.status, type.status]).toEqual([400, 400]);
    expect(errorOf(behaviour).message).toContain("'@microsoft.graph.conflictBehavior'");
    expect(errorOf(type).message).toBe("The property 'folder' must be an object, but the request has a string.");
  });

  test('a taken name: renamed when asked or not said, 409 with fail', async () => {
    await newFolder('same');

    const renamed = await client.send('POST', ROOT_CHILDREN, { body: { name: 'same', folder: {} } });
    const failed = await client.send('POST', ROOT_CHILDREN, {
      body: { name: 'same', folder: {}, '@microsoft.graph.conflictBehavior': 'fail' },
    });

    expect(renamed.status).toBe(201);
    expect((renamed.json as { name: string }).name).toBe('same 1');
    expect(failed.status).toBe(409);
    expect(errorOf(failed).code).toBe('nameAlreadyExists');
  });

  test('without a valid token: 401, as the subscription create', async () => {
    const reply = await client.send('POST', ROOT_CHILDREN, { body: { name: 'x', folder: {} }, token: 'not-the-token' });

    expect(reply.status).toBe(401);
  });
});

describe('POST /_api/v2.0/drive/items/{item-id}/children: accepted when name && (folder || file) && !(folder && file)', () => {
  const values = { name: 'child', folder: {}, file: {}, description: 'd' };
  test.each([
    [['name', 'folder'], 201, undefined],
    [['name', 'file', 'description'], 201, undefined],
    [['name', 'folder', 'file'], 400, 'file'],
    [['name'], 400, 'folder'],
    [['folder'], 400, 'name'],
  ])('present %j -> %i', async (present, status, named) => {
    const parent = await newFolder();

    const reply = await client.send('POST', item(parent, '/children'), { body: bodyOf(present, values) });

    expect(reply.status, reply.text).toBe(status);
    if (named !== undefined) expect(errorOf(reply).message).toContain(`'${named}'`);
    else expect(reply.json).toMatchObject({ parentReference: { id: parent } });
  });

  test('under a folder that does not exist: 404 itemNotFound, whatever the body', async () => {
    const good = await client.send('POST', item('no-such-folder', '/children'), { body: { name: 'c', folder: {} } });
    const bad = await client.send('POST', item('no-such-folder', '/children'), { body: {} });

    expect([good.status, bad.status]).toEqual([404, 404]);
    expect(errorOf(good).code).toBe('itemNotFound');
  });

  test('a folder with a child is not deleted until the child is', async () => {
    const parent = await newFolder();
    const child = await client.send('POST', item(parent, '/children'), { body: { name: 'c.txt', file: {} } });
    expect(child.status).toBe(201);

    const refused = await client.send('DELETE', item(parent));
    const childDeleted = await client.send('DELETE', item(idOf(child)));
    const deleted = await client.send('DELETE', item(parent));
    const again = await client.send('DELETE', item(parent));

    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toContain('has 1 children');
    expect([childDeleted.status, deleted.status, again.status]).toEqual([204, 204, 404]);
  });

  test('a file takes no children', async () => {
    const parent = await newFolder();
    const file = await client.send('POST', item(parent, '/children'), { body: { name: 'f', file: {} } });

    const reply = await client.send('POST', item(idOf(file), '/children'), { body: { name: 'c', folder: {} } });

    expect(reply.status).toBe(400);
  });
});

describe('POST /_api/v2.0/drive/items/{item-id}/invite: accepted when recipients && roles && (requireSignIn || sendInvitation)', () => {
  const values = { recipients: [{ email: 'a@example.com' }], roles: ['read'], requireSignIn: true, sendInvitation: true, message: 'hi' };
  test.each([
    [['recipients', 'roles', 'requireSignIn'], 200, undefined],
    [['recipients', 'roles', 'sendInvitation', 'message'], 200, undefined],
    [['recipients', 'roles', 'message'], 400, 'SendInvitation'],
    [['roles', 'requireSignIn'], 400, "'recipients'"],
    [['recipients', 'sendInvitation'], 400, "'roles'"],
  ])('present %j -> %i', async (present, status, named) => {
    const target = await newFolder();

    const reply = await client.send('POST', item(target, '/invite'), { body: bodyOf(present, values) });

    expect(reply.status, reply.text).toBe(status);
    if (named !== undefined) expect(errorOf(reply).message).toContain(named);
    else expect(reply.json).toMatchObject({ value: [{ id: expect.any(String), roles: ['read'] }] });
  });

  test('a flag that is false counts as absent; a role outside read and write is refused', async () => {
    const target = await newFolder();
    const bothFalse = await client.send('POST', item(target, '/invite'), {
      body: { ...values, requireSignIn: false, sendInvitation: false },
    });
    const owner = await client.send('POST', item(target, '/invite'), { body: { ...values, roles: ['owner'] } });

    expect(bothFalse.status).toBe(400);
    expect(errorOf(bothFalse).message).toBe('RequireSignIn and SendInvitation cannot both be false.');
    expect(owner.status).toBe(400);
    expect(errorOf(owner).message).toContain("'roles'");
  });

  test('the permission is deleted once; an item that does not exist: 404', async () => {
    const target = await newFolder();
    const invited = await client.send('POST', item(target, '/invite'), { body: values });
    const permission = (invited.json as { value: { id: string }[] }).value[0]?.id ?? '';

    const first = await client.send('DELETE', item(target, `/permissions/${permission}`));
    const second = await client.send('DELETE', item(target, `/permissions/${permission}`));
    const missing = await client.send('POST', item('no-such-item', '/invite'), { body: values });

    expect([first.status, second.status, missing.status]).toEqual([204, 404, 404]);
  });
});

describe('switched off', () => {
  test('by the service option, or under a profile other than default: 404, and the subscription create unchanged', async () => {
    const off = await startReferenceService({ tokens: [TOKEN], driveItems: false, handshake: false });
    try {
      const offReply = await fetch(`${off.url}${ROOT_CHILDREN}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x', folder: {} }),
      });
      expect(offReply.status).toBe(404);
    } finally {
      await off.close();
    }
    service().setProfile('v2-together');

    const reply = await client.send('POST', ROOT_CHILDREN, { body: { name: 'x', folder: {} } });

    expect(reply.status).toBe(404);
  });
});

describe('the rules are profile data', () => {
  test('the default profile goes through JSON (PUT /_reference/profile) with its drive rules; a bad rule is refused by path', () => {
    const sent = JSON.parse(JSON.stringify(PROFILES['default'])) as Record<string, unknown>;

    expect(parseProfileInput(sent)).toEqual(PROFILES['default']);
    const broken = structuredClone(sent) as { driveItems: { invite: { accept: string } } };
    broken.driveItems.invite.accept = 'recipients &&';
    expect(() => parseProfileInput(broken)).toThrow(/profile\.driveItems\.invite\.accept must be a valid expression/);
  });
});

describe('operations/drive-api.yaml', () => {
  test('is a valid OpenAPI 3.1 document with the four creates, their deletes and links from the folder create', async () => {
    const document = parseYaml(readFileSync(DOCUMENT, 'utf8')) as Record<string, unknown>;

    const result = await validate(structuredClone(document) as never);

    expect(result.valid, JSON.stringify(result)).toBe(true);
    expect(document['openapi']).toBe('3.1.0');
    const ids = Object.values(document['paths'] as Record<string, Record<string, { operationId?: string }>>).flatMap((p) =>
      Object.values(p).flatMap((o) => (o.operationId === undefined ? [] : [o.operationId])),
    );
    expect(ids).toEqual(
      expect.arrayContaining(['createSubscription', 'createFolder', 'createChildItem', 'inviteToItem', 'deleteItem', 'deletePermission']),
    );
    const created = (document['components'] as { responses: Record<string, { links: Record<string, unknown> }> }).responses['ItemCreated'];
    expect(Object.keys(created?.links ?? {})).toEqual(expect.arrayContaining(['createChildItem', 'inviteToItem', 'deleteItem']));
  });

  test('a probe of the folder create from the document, against the embedded reference, gets its rule exactly', async () => {
    const run = await runProbe({ SEED: '1' }, ['--openapi', DOCUMENT, '--operation-id', 'createFolder', '02-presence']);

    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(run.reportDir, 'behaviour-report.json'), 'utf8')) as BehaviourReport;
    expect(report.operation.id).toBe('createFolder');
    expect(report.rule.expression).toBe('name && folder');
    expect(report.rule.exactOn).toEqual({ answered: 16, of: 16 });
    // A folder is not a subscription: the run's sentences name what it made as a resource.
    expect(run.stdout).toMatch(/ledger: this run created \d+ resource\(s\): \d+ deleted by their cases, 0 at the end of the run/);
  }, 300_000);
});
