import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { shellWords } from './shell-words.js';
import { ShellWordsError } from '../errors.js';

/** What `sh` makes of a command line that starts with `curl`: its arguments (no curl needed, nothing expanded here). */
function shArguments(command: string): string[] {
  const script = command.replace(/^curl/, `printf '%s\\0' curl`);
  return execFileSync('sh', ['-c', script], { env: {} }).toString().split('\0').slice(0, -1);
}

// Where shell-quote alone reads a paste differently from a shell (see shell-words.ts); none holds a `$`,
// which sh would expand and shellWords must not.
const LIKE_SH = [
  `curl 'a b' "c \\"d\\" e" f\\ g \\\n  h`,
  'curl https://x.example/p#top -d a',
  `curl 'a'#b "c"#d e#`,
  `curl -d "x\\\ny" z`,
  `curl -d 'x\\\ny' z`,
  `curl "a\\b" 'c\\d' e\\\\f`,
  'curl x # a comment -d y',
  `curl -d '{"a":"b"}' 'https://x.example/?a=1&b=2' https://x.example/?q=1`,
];

describe('shellWords reads as sh does', () => {
  test.each(LIKE_SH)('%s', (command) => {
    expect(shellWords(command)).toEqual(shArguments(command));
  });
});

describe('shellWords where it differs from a shell on purpose', () => {
  test('variables are kept as written, in every spelling and quote', () => {
    expect(shellWords(`curl -H "Authorization: Bearer $ACCESS_TOKEN" -u \${U}:$P '$Q' $$ "$"`)).toEqual([
      'curl',
      '-H',
      'Authorization: Bearer $ACCESS_TOKEN',
      '-u',
      '${U}:$P',
      '$Q',
      '$$',
      '$',
    ]);
  });

  test('cmd.exe ^ and PowerShell backtick continuations, with LF or CRLF', () => {
    expect(shellWords('curl ^\r\n -d a `\n -d b')).toEqual(['curl', '-d', 'a', '-d', 'b']);
  });

  test('every kind of unclosed quote is an error naming the kind, never the text', () => {
    const secret = 'eyJSENTINEL-token-4f1c9a';
    const cases: [string, RegExp][] = [
      [`curl -H 'Bearer ${secret}`, /single quote is not closed/],
      [`curl -H "Bearer ${secret}`, /double quote is not closed/],
      [`curl -d $'${secret}\\'`, /\$'\.\.\.' quote is not closed/],
    ];
    for (const [command, message] of cases) {
      let caught: unknown;
      try {
        shellWords(command);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ShellWordsError);
      expect((caught as Error).message).toMatch(message);
      expect((caught as Error).message).not.toContain(secret);
    }
  });
});
