import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { renderHtml } from './render-html.js';
import { findChromium, screenshotHtml } from '../../test/support/screenshot.js';

const chromium = findChromium();

test('behaviour-report.html renders in headless Chromium to a non-trivial PNG', async (context) => {
  context.skip(chromium === undefined, 'chromium is not installed (apt-get install -y chromium)');
  if (chromium === undefined) return;
  const dir = await mkdtemp(join(tmpdir(), 'report-screenshot-'));
  try {
    const htmlPath = join(dir, 'behaviour-report.html');
    const pngPath = join(dir, 'behaviour-report.png');
    await writeFile(htmlPath, renderHtml(defaultProfileReport()));

    await screenshotHtml(htmlPath, pngPath, { chromium, width: 1280, height: 2000 });

    const png = await readFile(pngPath);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1280, 2000]);
    // A blank 1280x2000 page compresses to a few KB; the report with its grid is well over 100 KB.
    expect((await stat(pngPath)).size).toBeGreaterThan(50_000);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
