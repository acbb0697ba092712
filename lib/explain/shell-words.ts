/**
 * Splits a command line as a POSIX shell would, for cURL commands pasted from logs and bug reports:
 * backslash-newline continuations (and `^` / backtick ones from cmd.exe and PowerShell), single quotes,
 * double quotes with their escapes, `$'...'` quoting, backslash escapes, `#` comments. Nothing is
 * expanded: `$ACCESS_TOKEN` stays as written. The command ends at an unquoted operator such as `|`,
 * `;`, `&`, `<` or `>` (a paste often goes on with `| jq .`).
 *
 * shell-quote's `parse` does the quoting and escapes. It reads a pasted command differently from a
 * shell in four ways, so `prepare` walks the quotes once (only tracking them, decoding nothing) and
 * rewrites the text first:
 * - it expands variables (`$ACCESS_TOKEN` and `${T}` become ''), and a pasted cURL must keep them:
 *   each `$` gets a marker after it, which shell-quote reads as an empty name and keeps as `$`;
 * - it makes an empty word of a backslash-newline and a word of `^`: continuations are dropped;
 * - it starts a comment at a `#` inside a word (`https://x.example/p#top`), a shell only at a word's
 *   start: such a `#` is escaped;
 * - it drops a quote that is never closed and splits what follows, which hides a broken paste: that
 *   is an error here.
 *
 * Errors never quote the input: a pasted command may hold a token.
 */
import { randomBytes } from 'node:crypto';
import { parse } from 'shell-quote';
import { ShellWordsError } from '../errors.js';

const NOT_CLOSED = {
  "'": 'a single quote is not closed',
  '"': 'a double quote is not closed',
  "$'": "a $'...' quote is not closed",
} as const;

/** A newline (LF or CRLF) at `i`: its length, else 0. */
function newlineAt(text: string, i: number): number {
  return text[i] === '\n' ? 1 : text[i] === '\r' && text[i + 1] === '\n' ? 2 : 0;
}

function prepare(text: string, marker: string): string {
  let out = '';
  let quote: '' | keyof typeof NOT_CLOSED = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const next = text[i + 1] ?? '';
    if (quote === "'") {
      if (ch === "'") quote = '';
      out += ch;
      i += 1;
    } else if (quote === "$'") {
      const take = ch === '\\' ? 2 : 1; // \' does not close $'...'
      if (ch === "'") quote = '';
      out += text.slice(i, i + take);
      i += take;
    } else if (quote === '"') {
      if (ch === '\\' && next === '\n')
        i += 2; // a shell drops backslash-newline inside double quotes too
      else if (ch === '\\') (out += text.slice(i, i + 2)), (i += 2);
      else {
        if (ch === '"') quote = '';
        out += ch === '$' ? `$${marker}` : ch;
        i += 1;
      }
    } else if ((ch === '\\' || ch === '^' || ch === '`') && newlineAt(text, i + 1) > 0) {
      i += 1 + newlineAt(text, i + 1); // bash `\`, cmd.exe `^`, PowerShell backtick
    } else if (ch === '\\') {
      out += text.slice(i, i + 2);
      i += 2;
    } else if (ch === '$' && next === "'") {
      quote = "$'";
      out += "$'";
      i += 2;
    } else {
      if (ch === "'" || ch === '"') quote = ch;
      const midWord = out !== '' && !/[\s|&;()<>]/.test(out.at(-1) as string);
      out += ch === '$' ? `$${marker}` : ch === '#' && midWord ? '\\#' : ch;
      i += 1;
    }
  }
  if (quote !== '') throw new ShellWordsError(NOT_CLOSED[quote]);
  return out;
}

export function shellWords(text: string): string[] {
  // A marker the text does not hold (a private-use character, then random hex); one try in practice.
  let marker = '';
  for (let tries = 0; tries < 10 && (marker === '' || text.includes(marker)); tries += 1)
    marker = `\u{E000}${randomBytes(6).toString('hex')}`;
  let entries: ReturnType<typeof parse>;
  try {
    entries = parse(prepare(text, marker));
  } catch (error) {
    if (error instanceof ShellWordsError) throw error;
    throw new ShellWordsError('the command cannot be read as shell words'); // shell-quote's own messages quote the input
  }
  const words: string[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') words.push(entry.replaceAll(marker, ''));
    else if ('op' in entry && entry.op === 'glob')
      words.push(entry.pattern.replaceAll(marker, '')); // `?` and `*` in URLs: never expanded
    else break; // an operator or a comment ends the command
  }
  return words;
}
