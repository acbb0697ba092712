import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { defaultProfileReport } from '../../test/support/report-fixtures.js';
import { renderHtml } from './render-html.js';
import type { BehaviourReport } from './types.js';
import { findChromium, measureHtml, screenshotHtml } from '../../test/support/screenshot.js';

const chromium = findChromium();
const NO_CHROMIUM = 'chromium is not installed (apt-get install -y chromium)';

/** A full report of the embedded reference's default profile, as a probe run writes it (128 cases, 32 combinations). */
const FULL_REPORT = new URL('../../test/fixtures/drive-subscription-v2.before.behaviour-report.json', import.meta.url);

test('behaviour-report.html renders in headless Chromium to a non-trivial PNG', async (context) => {
  context.skip(chromium === undefined, NO_CHROMIUM);
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

// The page used to be about 26,000 px long at this width, 17,000 of them the cases table. With the
// cases, values, examples and findings folded the whole page should stay under a third of that, and
// the summary (verdicts, what fails the run, the rule, the roles, the grid) within a 900 px screen.
const PAGE_HEIGHT_BOUND = 9000;
const FIRST_SCREEN = 900;

test('the full default report at 1280 and 1400 px: the summary fits the first screen and the page is a fraction of its former length', async (context) => {
  context.skip(chromium === undefined, NO_CHROMIUM);
  if (chromium === undefined) return;
  const dir = await mkdtemp(join(tmpdir(), 'report-measure-'));
  try {
    const htmlPath = join(dir, 'behaviour-report.html');
    const report = JSON.parse(await readFile(FULL_REPORT, 'utf8')) as BehaviourReport;
    await writeFile(htmlPath, renderHtml(report));

    for (const width of [1280, 1400]) {
      const measure = await measureHtml(htmlPath, { chromium, width, height: FIRST_SCREEN });
      console.log(`behaviour-report.html at ${width} px: page ${measure.pageHeight} px, summary ends at ${measure.summaryBottom} px`);

      expect(measure.summaryBottom).toBeGreaterThan(200);
      expect(measure.summaryBottom).toBeLessThanOrEqual(FIRST_SCREEN);
      expect(measure.pageHeight).toBeLessThan(PAGE_HEIGHT_BOUND);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
