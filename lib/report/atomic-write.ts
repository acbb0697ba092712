import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Prefix and suffix of the temporary files writeFileAtomic leaves only when a run is killed mid-write. */
export const ATOMIC_TEMP_PATTERN = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Writes `content` to `path` so that readers (and a killed run) see the previous file or
 * the whole new one, never a half-written one: the bytes go to a temporary file in the
 * same directory (same file system, so rename is atomic), are flushed to disk, and the
 * temporary file is then renamed over `path`.
 */
export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  let renamed = false;
  try {
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
    renamed = true;
    await syncDirectory(dir);
  } finally {
    if (!renamed) await unlink(temp).catch(() => undefined);
  }
}

/** Makes the rename itself durable; some platforms (Windows) cannot open a directory, which is fine. */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Durability of the directory entry is best effort; atomicity does not depend on it.
  } finally {
    await handle?.close();
  }
}
