import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from 'vitest';
import { Secret } from '../secret.js';
import { Redactor } from './redactor.js';
import { describeScan, scanFilesForSecrets } from './scan-files.js';

const TOKEN = 'Tk+/9=_-x€y0123456789abc';

test('names every file holding 8 or more characters of a secret in any spelling, gzipped ones too, and no other', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'scan-files-'));
  const reports = join(dir, 'reports');
  const ledger = join(dir, '.ledger', 'abc');
  mkdirSync(join(reports, 'html'), { recursive: true });
  mkdirSync(ledger, { recursive: true });
  const write = (path: string, content: string | Buffer): string => {
    writeFileSync(path, content);
    return path;
  };
  const leaking = [
    write(join(reports, 'behaviour-report.json'), JSON.stringify({ message: `bad ${TOKEN.slice(2, 12)}` })),
    write(join(reports, 'behaviour-report.html'), `<td>${[...TOKEN].map((c) => `&#${c.codePointAt(0)};`).join('')}</td>`),
    write(join(reports, 'junit.xml'), `<property value="${encodeURIComponent(TOKEN)}"/>`),
    write(
      join(reports, 'html', 'html.meta.json.gz'),
      gzipSync(JSON.stringify({ log: `x${TOKEN.replaceAll('/', '\\/').replaceAll('+', '\\u002B')}` })),
    ),
    write(join(ledger, 'run.jsonl'), `{"id":"${Buffer.from(`user:${TOKEN}`).toString('base64')}"}\n`),
  ];
  write(join(reports, 'summary.json'), JSON.stringify({ fine: 'Bearer [redacted]', short: TOKEN.slice(0, 7) }));
  const old = write(join(reports, 'old-run.json'), TOKEN);
  utimesSync(old, new Date(0), new Date(0));

  const result = await scanFilesForSecrets([reports, join(dir, '.ledger'), join(dir, 'missing')], Redactor.of(new Secret(TOKEN)), {
    since: Date.now() - 60_000,
  });

  expect(result.leaks.sort()).toEqual(leaking.sort());
  expect(result.checked).toBe(6);
  expect(result.unchecked).toEqual([]);
  // The result holds file names only: nothing of the secret.
  expect(JSON.stringify(result)).not.toContain(TOKEN.slice(0, 8));
});

test('with no secret known there is nothing to look for; a broken gzip is reported as unchecked', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'scan-files-'));
  writeFileSync(join(dir, 'a.json.gz'), Buffer.from([0x1f, 0x8b, 1, 2, 3]));
  expect(await scanFilesForSecrets([dir], Redactor.of())).toEqual({ leaks: [], unchecked: [], checked: 0 });
  const result = await scanFilesForSecrets([dir], Redactor.of(new Secret(TOKEN)));
  expect(result.unchecked.map((u) => u.file)).toEqual([join(dir, 'a.json.gz')]);
});

test('the probe is told in one line which files hold a secret, never the secret; an unchecked file fails too', () => {
  expect(describeScan({ leaks: [], unchecked: [], checked: 3 })).toEqual({ failed: false, lines: [] });
  const found = describeScan({ leaks: ['/r/junit.xml', '/r/html/html.meta.json.gz'], unchecked: [], checked: 9 }, (f) =>
    f.replace('/r/', 'reports/'),
  );
  expect(found.failed).toBe(true);
  expect(found.lines).toEqual([
    'probe: SECRET IN OUTPUT: a fragment of the token (or another secret) is in reports/junit.xml, reports/html/html.meta.json.gz; do not upload or share these files; the run fails',
  ]);
  expect(describeScan({ leaks: [], unchecked: [{ file: 'a.gz', reason: 'Z_DATA_ERROR' }], checked: 0 })).toEqual({
    failed: true,
    lines: ['probe: could not check for secrets: a.gz (Z_DATA_ERROR)'],
  });
});
