/**
 * A command as the user types it, so that a hint names it the way they started the tool: `npm run cleanup` under
 * npm's scripts (every command has one), `npx subscription-conformance cleanup` otherwise (the README's spelling).
 * npm says which in the environment it gives the scripts it runs.
 */
export function commandAsTyped(command: string, args = '', env: Readonly<Record<string, string | undefined>> = process.env): string {
  if (env.npm_command === 'run-script') return `npm run ${command}${args === '' ? '' : ` -- ${args}`}`;
  return `npx subscription-conformance ${command}${args === '' ? '' : ` ${args}`}`;
}
