import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

/** Headless, off the network (no updates, sync or QUIC) and away from the user's profile. */
function offlineFlags(profile: string): string[] {
  return [
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
  ];
}

/**
 * Renders a local HTML file to a PNG with headless Chromium. The flags keep the browser
 * off the network (no updates, sync or QUIC) and away from the user's profile.
 */
export async function screenshotHtml(htmlPath: string, pngPath: string, options: ScreenshotOptions): Promise<void> {
  const profile = await mkdtemp(join(tmpdir(), 'report-chromium-'));
  const args = [
    ...offlineFlags(profile),
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

export interface PageMeasure {
  /** The whole page's height in CSS pixels, as laid out at the window's width. */
  pageHeight: number;
  /** Where the element with id `summary` ends, from the top of the page; -1 when there is none. */
  summaryBottom: number;
}

/**
 * Lays a local HTML page out in headless Chromium and reads its height. A copy of the page gets a
 * last script that writes the figures into the title, which `--dump-dom` then prints; the copy's
 * Content-Security-Policy allows inline scripts so that the measuring one may run.
 */
export async function measureHtml(htmlPath: string, options: ScreenshotOptions): Promise<PageMeasure> {
  const dir = await mkdtemp(join(tmpdir(), 'report-measure-'));
  const profile = join(dir, 'profile');
  const copy = join(dir, 'page.html');
  // A page without a summary (an older report) gives -1 for it rather than no figures at all.
  const measuring =
    "<script>var summary = document.getElementById('summary'); document.title = 'measured ' + " +
    "document.documentElement.scrollHeight + ' ' + (summary ? Math.round(summary.getBoundingClientRect().bottom + window.scrollY) : -1);</script>";
  const page = (await readFile(htmlPath, 'utf8'))
    .replace(/script-src '[^']*'/, "script-src 'unsafe-inline'")
    .replace('</body>', `${measuring}</body>`);
  await writeFile(copy, page);
  const args = [
    ...offlineFlags(profile),
    `--window-size=${options.width ?? 1280},${options.height ?? 900}`,
    '--dump-dom',
    pathToFileURL(copy).href,
  ];
  try {
    const dom = await new Promise<string>((done, fail) => {
      execFile(options.chromium, args, { timeout: options.timeoutMs ?? 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error === null) done(stdout);
        else fail(new Error(`chromium could not lay out ${htmlPath}: ${error.message}\n${stderr.slice(-2000)}`));
      });
    });
    const figures = /<title>measured (\d+) (-?\d+)<\/title>/.exec(dom);
    if (figures === null) throw new Error(`chromium laid out ${htmlPath} but the measuring script wrote no figures`);
    return { pageHeight: Number(figures[1]), summaryBottom: Number(figures[2]) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
