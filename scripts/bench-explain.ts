/**
 * What `npm run explain` costs on the spec's five-field body (changeType, notificationUrl, resource,
 * expirationDateTime, clientState; values good, the notificationUrl a receiver this script starts), as a
 * user runs it: the CLI as a child process against the embedded reference, per profile and REPEATS.
 * Prints one line per run: creates, deletes, repeats and the cause sentence.
 *
 *   npx tsx scripts/bench-explain.ts
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReceiver } from '../lib/receiver/server.js';
import { runTool } from '../test/run-tool.js';

const PROFILES = ['default', 'v2-together', 'fastapi-like'] as const;
const REPEATS = [1, 2] as const;

const receiver = await startReceiver();
try {
  const body = {
    changeType: 'updated',
    notificationUrl: receiver.url,
    resource: '/me/drive/root',
    expirationDateTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    clientState: 'client-secret-state',
  };
  console.log('| profile | REPEATS | creates | deletes | asked again | exit | cause |');
  console.log('|---|---|---|---|---|---|---|');
  for (const profile of PROFILES) {
    for (const repeats of REPEATS) {
      const run = await runTool('explain', {
        cwd: mkdtempSync(join(tmpdir(), 'bench-explain-')),
        env: { REFERENCE_PROFILE: profile, REPEATS: String(repeats), NOTIFICATION_URL: receiver.url },
        args: ['-'],
        stdin: JSON.stringify(body),
        timeoutMs: 120_000,
      });
      const creates = /(\d+) creates?/.exec(run.stdout)?.[1] ?? '?';
      const deletes = /(\d+) deletes?/.exec(run.stdout)?.[1] ?? '0';
      const again = /(\d+) of the creates? asked again/.exec(run.stdout)?.[1] ?? '0';
      const cause = /^.*cause(s)? the (400|422|4\d\d).*$/m.exec(run.stdout)?.[0] ?? run.stdout.split('\n').find((l) => l.startsWith('explain:')) ?? '';
      console.log(`| ${profile} | ${repeats} | ${creates} | ${deletes} | ${again} | ${String(run.code)} | ${cause.split(':')[0] ?? ''} |`);
    }
  }
} finally {
  await receiver.close();
}
