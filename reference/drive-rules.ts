/**
 * The drive's other operations as the default profile serves them (reference/drive-items.ts): what each create takes
 * and when it is refused. Each choice says where it comes from, as in profiles.ts.
 */
import type { DriveItemRules } from './profile-types.js';

// modelled on public reports (onedrive-api-docs, api/driveitem_post_children.md: the conflict behaviours of a create)
const CONFLICT_BEHAVIOURS = ['fail', 'replace', 'rename'];

export const DRIVE_ITEM_RULES: DriveItemRules = {
  folderCreate: {
    // modelled on public reports (onedrive-api-docs, resources/driveitem.md: the item type named in its errors)
    typeName: 'oneDrive.item',
    // modelled on public reports (onedrive-api-docs, api/driveitem_post_children.md: name, the folder facet, the
    // conflict annotation; description is a writable property of driveItem)
    types: { name: 'string', folder: 'object', '@microsoft.graph.conflictBehavior': 'string', description: 'string' },
    // modelled on public reports (onedrive-api-docs, api/driveitem_post_children.md: a folder needs its name and the
    // folder facet); reference choice: nothing else is required
    accept: 'name && folder',
    refusals: [
      { unless: 'name', property: 'name', message: "The property 'name' is required." },
      { unless: 'folder', property: 'folder', message: "The property 'folder' is required: only folders are created under root." },
    ],
    allowed: { '@microsoft.graph.conflictBehavior': CONFLICT_BEHAVIOURS },
  },
  childCreate: {
    typeName: 'oneDrive.item',
    types: {
      name: 'string',
      folder: 'object',
      // reference choice: an empty file is made with the file facet, so that a folder can hold either kind
      file: 'object',
      '@microsoft.graph.conflictBehavior': 'string',
      description: 'string',
    },
    // modelled on public reports (onedrive-api-docs, resources/driveitem.md: an item is a folder or a file, by its
    // facet); reference choice: exactly one facet, and the name
    accept: 'name && (folder || file) && !(folder && file)',
    refusals: [
      { unless: 'name', property: 'name', message: "The property 'name' is required." },
      { unless: 'folder || file', property: 'folder', message: "Either 'folder' or 'file' must be given: an item is a folder or a file." },
      {
        unless: '!(folder && file)',
        property: 'file',
        message: "An item cannot be both a folder and a file: give 'folder' or 'file', not both.",
      },
    ],
    allowed: { '@microsoft.graph.conflictBehavior': CONFLICT_BEHAVIOURS },
  },
  invite: {
    // modelled on public reports (onedrive-api-docs, api/driveitem_invite.md: the parameters of the action)
    typeName: 'oneDrive.invite',
    types: { recipients: 'array', roles: 'array', requireSignIn: 'boolean', sendInvitation: 'boolean', message: 'string' },
    // modelled on public reports (onedrive-api-docs, api/driveitem_invite.md: recipients and roles required;
    // onedrive-api-docs#627: "RequireSignIn and SendInvitation cannot both be false", absent counting as false)
    accept: 'recipients && roles && (requireSignIn || sendInvitation)',
    trueOnly: ['requireSignIn', 'sendInvitation'],
    refusals: [
      { unless: 'recipients', property: 'recipients', message: "The property 'recipients' is required." },
      { unless: 'roles', property: 'roles', message: "The property 'roles' is required." },
      // modelled on public reports (onedrive-api-docs#627: the words of the refusal)
      {
        unless: 'requireSignIn || sendInvitation',
        property: 'sendInvitation',
        message: 'RequireSignIn and SendInvitation cannot both be false.',
      },
    ],
    // modelled on public reports (onedrive-api-docs, api/driveitem_invite.md: roles are read or write)
    allowed: { roles: ['read', 'write'] },
  },
};
