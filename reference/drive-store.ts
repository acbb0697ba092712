/**
 * The drive's items and their permissions, in memory, for the drive's other operations (drive-items.ts).
 * The root folder always exists and is never stored. reference choice: the items and permissions are capped (the
 * oldest dropped), so that a long probe run cannot grow the process without bound.
 */

/** An item as the service returns it: modelled on public reports (onedrive-api-docs, resources/driveitem.md). */
export interface DriveItem {
  id: string;
  name: string;
  description?: string;
  folder?: { childCount: number };
  file?: { mimeType: string };
  size: number;
  createdDateTime: string;
  lastModifiedDateTime: string;
  parentReference: { driveId: string; id: string };
}

/** A permission as the invite answers it: modelled on public reports (onedrive-api-docs, resources/permission.md). */
export interface DrivePermission {
  id: string;
  roles: string[];
  grantedTo?: { user: { email?: string; id?: string } };
  invitation?: { email?: string; signInRequired: boolean };
}

const MAX_ITEMS = 100_000;
const MAX_PERMISSIONS = 100_000;

export class DriveStore {
  readonly #items = new Map<string, DriveItem>();
  readonly #permissions = new Map<string, { itemId: string; permission: DrivePermission }>();

  constructor(readonly rootId: string) {}

  /** Whether an item can take children: the root, or a stored folder. */
  isFolder(id: string): boolean {
    return id === this.rootId || this.#items.get(id)?.folder !== undefined;
  }

  exists(id: string): boolean {
    return id === this.rootId || this.#items.has(id);
  }

  get(id: string): DriveItem | undefined {
    const item = this.#items.get(id);
    return item === undefined ? undefined : this.#shown(item);
  }

  add(item: DriveItem): void {
    this.#items.set(item.id, structuredClone(item));
    for (const id of this.#items.keys()) {
      if (this.#items.size <= MAX_ITEMS) break;
      this.delete(id);
    }
  }

  /** The item of that name directly in the folder (names compare without case, as the drive's do). */
  childNamed(parentId: string, name: string): DriveItem | undefined {
    const lower = name.toLowerCase();
    for (const item of this.#items.values())
      if (item.parentReference.id === parentId && item.name.toLowerCase() === lower) return this.#shown(item);
    return undefined;
  }

  childCount(parentId: string): number {
    let n = 0;
    for (const item of this.#items.values()) if (item.parentReference.id === parentId) n += 1;
    return n;
  }

  /** Replaces a stored item's description; false when it is not stored. */
  describe(id: string, description: string | undefined): boolean {
    const item = this.#items.get(id);
    if (item === undefined) return false;
    if (description === undefined) delete item.description;
    else item.description = description;
    return true;
  }

  /** Removes the item and its permissions; true when it was there. */
  delete(id: string): boolean {
    if (!this.#items.delete(id)) return false;
    for (const [permId, held] of this.#permissions) if (held.itemId === id) this.#permissions.delete(permId);
    return true;
  }

  addPermission(itemId: string, permission: DrivePermission): void {
    this.#permissions.set(permission.id, { itemId, permission: structuredClone(permission) });
    for (const id of this.#permissions.keys()) {
      if (this.#permissions.size <= MAX_PERMISSIONS) break;
      this.#permissions.delete(id);
    }
  }

  /** Removes the item's permission; true when the item had it. */
  deletePermission(itemId: string, permissionId: string): boolean {
    const held = this.#permissions.get(permissionId);
    return held !== undefined && held.itemId === itemId && this.#permissions.delete(permissionId);
  }

  permissionCount(): number {
    return this.#permissions.size;
  }

  itemCount(): number {
    return this.#items.size;
  }

  clear(): void {
    this.#items.clear();
    this.#permissions.clear();
  }

  /** A copy with the folder's child count as it is now. */
  #shown(item: DriveItem): DriveItem {
    const copy = structuredClone(item);
    if (copy.folder !== undefined) copy.folder.childCount = this.childCount(item.id);
    return copy;
  }
}
