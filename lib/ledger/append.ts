import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LedgerLine } from './types.js';

/**
 * Appends whole lines and makes them durable before returning.
 *
 * Why this is crash-safe: each call is one write() of complete, newline-terminated lines to a file
 * opened O_APPEND, then fsync. A SIGKILL lands before the write (the lines are absent), or after it
 * (they are there: the page cache outlives the process); fsync covers an OS crash or power loss too.
 * The only damage possible is a torn last line after a power loss mid-write: readers skip a last line
 * that does not parse, and the next append starts on a fresh line, so a torn line never swallows the
 * line after it.
 */
export function appendLines(file: string, lines: readonly LedgerLine[]): void {
  if (lines.length === 0) return;
  const fd = openForAppend(file);
  try {
    const size = fstatSync(fd).size;
    const text = `${endsMidLine(fd, size) ? '\n' : ''}${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
    writeAll(fd, Buffer.from(text, 'utf8'));
    fsyncSync(fd);
    // A new file's name lives in its folder: make that durable too.
    if (size === 0) syncFolder(dirname(file));
  } finally {
    closeSync(fd);
  }
}

function openForAppend(file: string): number {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    return openSync(file, 'a+', 0o600);
  } catch (error) {
    // A sweep removed the emptied target folder between the two calls: make it again, once.
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    return openSync(file, 'a+', 0o600);
  }
}

function endsMidLine(fd: number, size: number): boolean {
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

function writeAll(fd: number, bytes: Buffer): void {
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Some filesystems refuse fsync on a folder; the file's own fsync has happened.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
