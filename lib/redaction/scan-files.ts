/**
 * The last check of a run: every file it wrote under the report and ledger folders is read back (gzip
 * unpacked, as vitest's html.meta.json.gz is) and searched for a fragment of any known secret, in every
 * spelling the redaction step knows. Whatever path let a secret past the redaction, the run then fails
 * instead of a CI job uploading it as an artifact. Only file names are returned, never what was found.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Redactor } from './redactor.js';

export interface ScanOptions {
  /** Only files changed at or after this time (epoch ms) count as written by the run; default all. */
  since?: number;
  /** Most files looked at, in all folders together (default 20,000); past it the scan says so. */
  maxFiles?: number;
  /** Largest file (and largest unpacked gzip) read, in bytes (default 512 MiB); a larger one is reported. */
  maxBytes?: number;
}

export interface ScanResult {
  /** Files holding a fragment of a secret. */
  leaks: string[];
  /** Files that could not be checked (too large, unreadable, a broken gzip), with why. */
  unchecked: { file: string; reason: string }[];
  /** Files checked. */
  checked: number;
}

/** Folders never walked into: not written by a run, and large. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

const isGzip = (bytes: Buffer): boolean => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

async function filesUnder(root: string, out: string[], max: number): Promise<boolean> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch {
    return true; // a folder the run did not make: nothing written there
  }
  for (const entry of entries) {
    if (out.length >= max) return false;
    const path = join(root, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !(await filesUnder(path, out, max))) return false;
    } else if (entry.isFile()) {
      out.push(path);
    }
  }
  return true;
}

/** Looks through every file under `roots` (written since `since`) for a fragment of a secret. */
export async function scanFilesForSecrets(roots: readonly string[], redactor: Redactor, options: ScanOptions = {}): Promise<ScanResult> {
  const maxFiles = options.maxFiles ?? 20_000;
  const maxBytes = options.maxBytes ?? 512 * 1024 * 1024;
  const result: ScanResult = { leaks: [], unchecked: [], checked: 0 };
  if (redactor.secrets.length === 0) return result;
  const files: string[] = [];
  for (const root of new Set(roots)) {
    if (!(await filesUnder(root, files, maxFiles))) {
      result.unchecked.push({ file: root, reason: `more than ${maxFiles} files` });
      break;
    }
  }
  for (const file of new Set(files)) {
    let stat;
    try {
      stat = await lstat(file);
    } catch {
      continue; // gone since the folder was read (a temporary file): nothing left to leak
    }
    if (options.since !== undefined && stat.mtimeMs < options.since) continue;
    if (stat.size > maxBytes) {
      result.unchecked.push({ file, reason: `larger than ${maxBytes} bytes` });
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
      if (isGzip(bytes)) bytes = gunzipSync(bytes, { maxOutputLength: maxBytes });
    } catch (error) {
      result.unchecked.push({ file, reason: (error as { code?: string }).code ?? 'unreadable' });
      continue;
    }
    result.checked += 1;
    // UTF-8 is what every report is written in; Latin-1 sees a secret's bytes in any other file.
    if (redactor.occursIn(bytes.toString('utf8')) || redactor.occursIn(bytes.toString('latin1'))) result.leaks.push(file);
  }
  return result;
}

/**
 * What the probe prints after the scan: at most two lines, file names only. `failed` when a secret was
 * found or a file could not be checked (the safe reading: an unchecked file may hold one).
 */
export function describeScan(scan: ScanResult, show: (file: string) => string = (f) => f): { failed: boolean; lines: string[] } {
  const lines: string[] = [];
  if (scan.unchecked.length > 0) {
    lines.push(`probe: could not check for secrets: ${scan.unchecked.map((u) => `${show(u.file)} (${u.reason})`).join(', ')}`);
  }
  if (scan.leaks.length > 0) {
    lines.push(
      `probe: SECRET IN OUTPUT: a fragment of the token (or another secret) is in ${scan.leaks.map(show).join(', ')}; ` +
        'do not upload or share these files; the run fails',
    );
  }
  return { failed: lines.length > 0, lines };
}
