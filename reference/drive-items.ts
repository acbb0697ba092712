/**
 * The drive's other operations, served beside the subscription create when the profile has `driveItems` (the default
 * profile does): a folder under root, an item in a folder, an invitation to an item, and the deletes of what they
 * made. modelled on public reports (onedrive-api-docs: api/driveitem_post_children.md, api/driveitem_invite.md,
 * api/driveitem_delete.md, api/permission_delete.md). Pure functions from a read request to an Answer, like
 * subscriptions.ts; the caller has checked the token.
 */
import { jsonAnswer, type Answer } from './answer.js';
import { invalid, methodNotAllowed, notFound, type ApiContext, type ApiRequest } from './api-context.js';
import { validateDriveBody } from './drive-body.js';
import type { DriveItem, DrivePermission, DriveStore } from './drive-store.js';
import { errorAnswer, idHeaders } from './errors.js';
import { formatInstant } from './instant.js';
import { jsonObjectBody, type JsonBody } from './json-body.js';
import type { DriveItemRules, DriveOperationRules } from './profile-types.js';

export const DRIVE_PREFIX = '/_api/v2.0/drive';
const ITEMS = `${DRIVE_PREFIX}/items`;

type DriveRoute =
  | { kind: 'root-children' }
  | { kind: 'item'; id: string }
  | { kind: 'children'; id: string }
  | { kind: 'invite'; id: string }
  | { kind: 'permission'; id: string; permissionId: string };

/** The route of a path under the drive, or undefined for one this module does not serve. */
export function driveRoute(path: string): DriveRoute | undefined {
  if (path === `${DRIVE_PREFIX}/root/children`) return { kind: 'root-children' };
  if (!path.startsWith(`${ITEMS}/`)) return undefined;
  let parts: string[];
  try {
    parts = path
      .slice(ITEMS.length + 1)
      .split('/')
      .map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [id, sub, permissionId, more] = parts;
  if (id === undefined || id === '' || more !== undefined) return undefined;
  if (sub === undefined) return { kind: 'item', id };
  if (sub === 'children' && permissionId === undefined) return { kind: 'children', id };
  if (sub === 'invite' && permissionId === undefined) return { kind: 'invite', id };
  if (sub === 'permissions' && permissionId !== undefined && permissionId !== '') return { kind: 'permission', id, permissionId };
  return undefined;
}

const shown = (id: string): string => id.slice(0, 80);

function itemLocation(ctx: ApiContext, id: string): string {
  return `${ctx.baseUrl}${ITEMS}/${encodeURIComponent(id)}`;
}

/** The body checked as the operation's rules say: the refusal to answer, or the body. */
function checkedBody(ctx: ApiContext, req: ApiRequest, rules: DriveOperationRules): JsonBody {
  const read = jsonObjectBody(ctx, req);
  if (!read.ok) return read;
  const verdict = validateDriveBody(rules, read.body);
  if (verdict.ok) return read;
  return { ok: false, answer: invalid(ctx, verdict.problem.message, verdict.problem.reason, 400, verdict.problem.property) };
}

function newItem(ctx: ApiContext, parentId: string, name: string, body: Record<string, unknown>): DriveItem {
  const now = formatInstant(ctx.ids.nowMs);
  const description = body['description'];
  return {
    id: ctx.newId(),
    name,
    ...(typeof description === 'string' ? { description } : {}),
    ...(body['file'] !== undefined
      ? { file: { mimeType: 'application/octet-stream' } } // reference choice: an empty file of no known type
      : { folder: { childCount: 0 } }),
    size: 0,
    createdDateTime: now,
    lastModifiedDateTime: now,
    parentReference: { driveId: ctx.profile.record.driveId, id: parentId },
  };
}

/**
 * A free name in the folder for `rename`: modelled on public reports (OneDrive names the copy "name 1", "name 2");
 * bounded by the folder's child count, since among that many + 1 suffixes one is free.
 */
function freeName(drive: DriveStore, parentId: string, name: string): string {
  const limit = drive.childCount(parentId) + 1;
  for (let n = 1; n <= limit; n += 1) {
    const candidate = `${name} ${n}`;
    if (drive.childNamed(parentId, candidate) === undefined) return candidate;
  }
  return `${name} ${limit + 1}`;
}

function createItem(ctx: ApiContext, drive: DriveStore, req: ApiRequest, parentId: string, rules: DriveOperationRules): Answer {
  if (!drive.exists(parentId)) return notFound(ctx, `The item '${shown(parentId)}' was not found.`);
  // reference choice: a file has no children; the create is refused naming the path's item, not a body property
  if (!drive.isFolder(parentId))
    return invalid(ctx, `The item '${shown(parentId)}' is not a folder and cannot have children.`, 'notAFolder');
  const checked = checkedBody(ctx, req, rules);
  if (!checked.ok) return checked.answer;
  const { body } = checked;
  const name = body['name'] as string;
  const taken = drive.childNamed(parentId, name);
  // reference choice: absent is rename, so that creates of one name (a probe's) never meet a conflict they did not ask for
  const behaviour = (body['@microsoft.graph.conflictBehavior'] as string | undefined) ?? 'rename';
  if (taken !== undefined && behaviour === 'fail') {
    // modelled on public reports (onedrive-api-docs errors: 409 nameAlreadyExists)
    const message = `An item named '${name.slice(0, 80)}' already exists in this folder.`;
    return errorAnswer(ctx.profile, 409, 'nameAlreadyExists', message, 'nameAlreadyExists', ctx.ids);
  }
  if (taken !== undefined && behaviour === 'replace') {
    // reference choice: the existing item is kept, with its id and children, and takes the new description
    const description = body['description'];
    drive.describe(taken.id, typeof description === 'string' ? description : undefined);
    return jsonAnswer(200, drive.get(taken.id), idHeaders(ctx.ids));
  }
  const item = newItem(ctx, parentId, taken === undefined ? name : freeName(drive, parentId, name), body);
  drive.add(item);
  // modelled on public reports (onedrive-api-docs, api/driveitem_post_children.md: 201 Created with the driveItem)
  return { ...jsonAnswer(201, drive.get(item.id), { ...idHeaders(ctx.ids), location: itemLocation(ctx, item.id) }), effect: 'created' };
}

function invite(ctx: ApiContext, drive: DriveStore, req: ApiRequest, itemId: string, rules: DriveOperationRules): Answer {
  if (!drive.exists(itemId)) return notFound(ctx, `The item '${shown(itemId)}' was not found.`);
  const checked = checkedBody(ctx, req, rules);
  if (!checked.ok) return checked.answer;
  const { body } = checked;
  const roles = body['roles'] as string[];
  const signIn = body['requireSignIn'] === true;
  // modelled on public reports (onedrive-api-docs, api/driveitem_invite.md: one permission per recipient, in "value")
  const value = (body['recipients'] as unknown[]).map((recipient): DrivePermission => {
    const r = (recipient !== null && typeof recipient === 'object' ? recipient : {}) as Record<string, unknown>;
    const email = typeof r['email'] === 'string' ? r['email'] : undefined;
    const objectId = typeof r['objectId'] === 'string' ? r['objectId'] : undefined;
    const user = { ...(email !== undefined ? { email } : {}), ...(objectId !== undefined ? { id: objectId } : {}) };
    return {
      id: ctx.newId(),
      roles: [...roles],
      grantedTo: { user },
      invitation: { ...(email !== undefined ? { email } : {}), signInRequired: signIn },
    };
  });
  for (const permission of value) drive.addPermission(itemId, permission);
  return { ...jsonAnswer(200, { value }, idHeaders(ctx.ids)), effect: 'created' };
}

function deleteItem(ctx: ApiContext, drive: DriveStore, id: string): Answer {
  // reference choice: the root is the drive itself and is not deleted
  if (id === drive.rootId)
    return errorAnswer(ctx.profile, 403, 'accessDenied', 'The root of the drive cannot be deleted.', 'accessDenied', ctx.ids);
  if (drive.get(id) === undefined) return notFound(ctx, `The item '${shown(id)}' was not found.`);
  // reference choice: the real drive deletes a folder with its contents; this one refuses while it has children, so that
  // a client that deletes in the wrong order (parent before child) is seen
  const children = drive.childCount(id);
  if (children > 0) {
    const message = `The folder '${shown(id)}' has ${children} children; delete them first.`;
    return errorAnswer(ctx.profile, 409, 'notAllowed', message, 'folderNotEmpty', ctx.ids);
  }
  drive.delete(id);
  // modelled on public reports (onedrive-api-docs, api/driveitem_delete.md: 204 No Content)
  return { status: 204, headers: idHeaders(ctx.ids), effect: 'deleted' };
}

function deletePermission(ctx: ApiContext, drive: DriveStore, id: string, permissionId: string): Answer {
  if (!drive.exists(id)) return notFound(ctx, `The item '${shown(id)}' was not found.`);
  if (!drive.deletePermission(id, permissionId)) return notFound(ctx, `The permission '${shown(permissionId)}' was not found.`);
  // modelled on public reports (onedrive-api-docs, api/permission_delete.md: 204 No Content)
  return { status: 204, headers: idHeaders(ctx.ids), effect: 'deleted' };
}

/** Answers a request under the drive's other operations, or undefined when the path is not one of them. */
export function handleDriveItems(ctx: ApiContext, drive: DriveStore, rules: DriveItemRules, req: ApiRequest): Answer | undefined {
  const route = driveRoute(req.path);
  if (route === undefined) return undefined;
  const only = (method: string, answer: () => Answer): Answer =>
    req.method === method ? answer() : methodNotAllowed(ctx, req.method, method);
  switch (route.kind) {
    case 'root-children':
      return only('POST', () => createItem(ctx, drive, req, drive.rootId, rules.folderCreate));
    case 'children':
      return only('POST', () => createItem(ctx, drive, req, route.id, rules.childCreate));
    case 'invite':
      return only('POST', () => invite(ctx, drive, req, route.id, rules.invite));
    case 'permission':
      return only('DELETE', () => deletePermission(ctx, drive, route.id, route.permissionId));
    case 'item':
      if (req.method === 'GET') {
        const item = route.id === drive.rootId ? undefined : drive.get(route.id);
        return item === undefined
          ? notFound(ctx, `The item '${shown(route.id)}' was not found.`)
          : jsonAnswer(200, item, idHeaders(ctx.ids));
      }
      return req.method === 'DELETE' ? deleteItem(ctx, drive, route.id) : methodNotAllowed(ctx, req.method, 'GET, DELETE');
  }
}
