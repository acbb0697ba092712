/**
 * How the user typed the command, so that a hint names it the same way: `npm run probe --` under npm's
 * scripts, `npx subscription-conformance probe` otherwise (the README's spelling). npm says which in the
 * environment it gives the scripts and npx it runs.
 */
export function commandAsTyped(command: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  if (env.npm_command === 'run-script' && env.npm_lifecycle_event === command) return `npm run ${command} --`;
  return `npx subscription-conformance ${command}`;
}
