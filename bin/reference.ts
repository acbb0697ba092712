/**
 * `npm run reference`: the embedded reference service on its own, for trying the probe (or curl)
 * against it from another terminal. Prints its URL alone on the first line of stdout, so that a
 * script can read it, then hints. Stops cleanly on SIGINT/SIGTERM.
 *
 *   --profile <name|json>   built-in profile name or profile JSON (default: REFERENCE_PROFILE, else "default")
 *   --port <n>              port (default 0: any free port)
 *   --host <addr>           loopback address (default 127.0.0.1)
 *   --faults <json>         FaultOptions JSON, e.g. '{"throttle429Share":0.1}'
 *   --seed <n>              seed of the fault PRNG (default 1)
 *
 * Token: ACCESS_TOKEN from the environment (never printed), else a generated one that is printed as an
 * `export ACCESS_TOKEN=...` hint: it is this process's own throwaway dev token, not a secret of anyone's.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { PROFILES, startReferenceService, type FaultOptions, type ReferenceProfile } from '../reference/index.js';
import { stopOnSignals } from './support/stop-on-signals.js';

const USAGE = `usage: npm run reference -- [--profile <name|json>] [--port <n>] [--host <addr>] [--faults <json>] [--seed <n>]
profiles: ${Object.keys(PROFILES).join(', ')}`;

function fail(message: string): never {
  console.error(`reference: ${message}\n${USAGE}`);
  process.exit(2);
}

function wholeNumber(text: string | undefined, name: string, max: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) > max) fail(`--${name} must be a whole number from 0 to ${max}, got '${text}'`);
  return Number(text);
}

function jsonOrName(text: string): ReferenceProfile | string {
  if (!text.trim().startsWith('{')) return text.trim();
  try {
    return JSON.parse(text) as ReferenceProfile;
  } catch {
    fail('--profile / REFERENCE_PROFILE looks like JSON but does not parse');
  }
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        profile: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        faults: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
}

function faultsOf(text: string | undefined): FaultOptions {
  if (text === undefined) return {};
  try {
    return JSON.parse(text) as FaultOptions;
  } catch {
    fail('--faults must be JSON');
  }
}

async function main(): Promise<void> {
  const values = readArgs();
  if (values.help === true) {
    console.log(USAGE);
    return;
  }
  const envProfile = process.env['REFERENCE_PROFILE'];
  const profile = jsonOrName(values.profile ?? (envProfile !== undefined && envProfile !== '' ? envProfile : 'default'));
  const faults = faultsOf(values.faults);
  const envToken = process.env['ACCESS_TOKEN'];
  const fromEnv = envToken !== undefined && envToken.trim() !== '';
  const token = fromEnv ? envToken.trim() : `ref-${randomBytes(24).toString('base64url')}`;

  const options = {
    tokens: [token],
    profile,
    faults,
    ...(values.host !== undefined ? { host: values.host } : {}),
    ...(values.port !== undefined ? { port: wholeNumber(values.port, 'port', 65_535) as number } : {}),
    ...(values.seed !== undefined ? { seed: wholeNumber(values.seed, 'seed', 2 ** 32 - 1) as number } : {}),
  };
  let service;
  try {
    service = await startReferenceService(options);
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  console.log(service.url);
  console.log(`# reference service, profile "${service.profile().name}"; admin under ${service.url}/_reference/; stop with Ctrl-C`);
  console.log(`export BASE_URL=${service.url}`);
  if (fromEnv) console.log('# accepts the token in ACCESS_TOKEN');
  else console.log(`export ACCESS_TOKEN=${token}`);

  stopOnSignals((signal) => {
    console.error(`reference: ${signal}, stopping`);
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

main().catch((err: unknown) => {
  console.error(`reference: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
