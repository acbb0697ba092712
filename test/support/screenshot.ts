import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where Debian's `chromium` package puts the browser; undefined when it is not installed. */
export function findChromium(candidates: readonly string[] = ['/usr/bin/chromium', '/usr/bin/chromium-browser']): string | undefined {
  return candidates.find((path) => existsSync(path));
}

export interface ScreenshotOptions {
  chromium: string;
  width?: number;
  height?: number;
  timeoutMs?: number;
}

/**
 * Renders a local HTML file to a PNG with headless Chromium. The flags keep the browser
 * off the network (no updates, sync or QUIC) and away from the user's profile.
 */
export async function screenshotHtml(htmlPath: string, pngPath: string, options: ScreenshotOptions): Promise<void> {
  const profile = await mkdtemp(join(tmpdir(), 'report-chromium-'));
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--hide-scrollbars',
    `--user-data-dir=${profile}`,
    `--screenshot=${resolve(pngPath)}`,
    `--window-size=${options.width ?? 1280},${options.height ?? 2000}`,
    pathToFileURL(resolve(htmlPath)).href,
  ];
  try {
    await new Promise<void>((done, fail) => {
      execFile(options.chromium, args, { timeout: options.timeoutMs ?? 60_000 }, (error, _stdout, stderr) => {
        if (error === null) done();
        else fail(new Error(`chromium could not screenshot ${htmlPath}: ${error.message}\n${stderr.slice(-2000)}`));
      });
    });
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
  if (!existsSync(pngPath)) throw new Error(`chromium exited without writing ${pngPath}`);
}
