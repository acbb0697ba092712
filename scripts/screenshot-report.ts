/**
 * Renders a behaviour-report.html to a PNG with headless Chromium, to look at the page
 * without a browser. Usage:
 *   npx tsx scripts/screenshot-report.ts [report.html] [out.png] [--fixture default|nothing-accepted|conditional]
 * Without a report path it renders a fixture report (test/support/report-fixtures.ts) into a temp dir.
 * Prints the PNG's path, then the page's height at 1280 px and where its summary ends. Skips (exit 0, with a message) when Chromium is not installed.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { conditionalReport, defaultProfileReport, nothingAcceptedReport } from '../test/support/report-fixtures.js';
import { renderHtml } from '../lib/report/render-html.js';
import { findChromium, measureHtml, screenshotHtml } from '../test/support/screenshot.js';
import type { BehaviourReport } from '../lib/report/types.js';

const FIXTURES: Record<string, () => BehaviourReport> = {
  default: defaultProfileReport,
  'nothing-accepted': nothingAcceptedReport,
  conditional: conditionalReport,
};

async function main(argv: string[]): Promise<number> {
  const fixtureAt = argv.indexOf('--fixture');
  const fixtureName = fixtureAt === -1 ? 'default' : argv[fixtureAt + 1];
  const positional = argv.filter((_, i) => fixtureAt === -1 || (i !== fixtureAt && i !== fixtureAt + 1));
  // CHROMIUM=/path/to/browser overrides the usual install locations.
  const override = process.env['CHROMIUM'];
  const chromium = findChromium(override === undefined || override === '' ? undefined : [override]);
  if (chromium === undefined) {
    console.log(
      `screenshot-report: skipped, ${override ? `CHROMIUM=${override} does not exist` : 'chromium is not installed (apt-get install -y chromium)'}`,
    );
    return 0;
  }

  let htmlPath = positional[0];
  if (htmlPath === undefined) {
    const build = fixtureName === undefined ? undefined : FIXTURES[fixtureName];
    if (build === undefined) {
      console.error(`screenshot-report: unknown fixture '${fixtureName ?? ''}', expected one of ${Object.keys(FIXTURES).join(', ')}`);
      return 2;
    }
    htmlPath = join(await mkdtemp(join(tmpdir(), 'behaviour-report-')), 'behaviour-report.html');
    await writeFile(htmlPath, renderHtml(build()));
  }
  const pngPath = positional[1] ?? join(dirname(htmlPath), `${basename(htmlPath, extname(htmlPath))}.png`);
  await screenshotHtml(htmlPath, pngPath, { chromium });
  console.log(pngPath);
  const measure = await measureHtml(htmlPath, { chromium, width: 1280, height: 900 });
  console.log(`page ${measure.pageHeight} px at 1280 px wide; summary ends at ${measure.summaryBottom} px`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
