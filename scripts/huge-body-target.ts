/**
 * A target that sends huge answers, to measure the probe's memory (docs/safety.md, bounded memory): the embedded
 * reference behind a proxy that pads every answer with PAD_MB megabytes of JSON whitespace (a valid
 * body longer than any recording cap), and with ECHO=1 also echoes the token in every spelling.
 *
 *   npx tsx scripts/huge-body-target.ts            prints BASE_URL and ACCESS_TOKEN, serves until Ctrl-C
 *   PAD_MB=300 npx tsx scripts/huge-body-target.ts
 */
import { randomBytes } from 'node:crypto';
import { startHostileTarget } from '../test/support/hostile-target.js';

const padMb = Number(process.env.PAD_MB ?? '300');
const token = `huge-${randomBytes(12).toString('base64url')}+/=`;
const target = await startHostileTarget({ token, padBytes: Math.round(padMb * 1024 * 1024), echo: process.env.ECHO === '1' });
console.log(`BASE_URL=${target.url}`);
console.log(`ACCESS_TOKEN=${token}`);
const stop = (): void => {
  void target.close().then(() => {
    console.log(`padding sent: ${(target.padded / 1024 / 1024).toFixed(0)} MB`);
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
