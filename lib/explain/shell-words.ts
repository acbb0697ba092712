/**
 * Splits a command line as a POSIX shell would, for cURL commands pasted from logs and bug reports:
 * backslash-newline continuations (and `^` / backtick ones from cmd.exe and PowerShell), single quotes,
 * double quotes with their escapes, `$'...'` quoting, backslash escapes, `#` comments. Nothing is
 * expanded: `$ACCESS_TOKEN` stays as written. The command ends at an unquoted `|`, `;`, `&`, `<` or `>`
 * (a paste often goes on with `| jq .`).
 *
 * Errors never quote the input: a pasted command may hold a token.
 */

export class ShellWordsError extends Error {
  readonly code = 'SHELL_WORDS';
  override readonly name = 'ShellWordsError';
}

const ANSI_C: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', e: '\x1b', f: '\f', v: '\v' };

export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const end = (): void => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  while (i < text.length) {
    const ch = text[i] as string;
    const next = text[i + 1];
    // Line continuations: bash `\`, cmd.exe `^`, PowerShell backtick, each before a newline.
    if ((ch === '\\' || ch === '^' || ch === '`') && (next === '\n' || (next === '\r' && text[i + 2] === '\n'))) {
      i += next === '\r' ? 3 : 2;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      end();
      i += 1;
    } else if (ch === '#' && !inWord) {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if ('|;&<>'.includes(ch)) {
      end();
      break;
    } else if (ch === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) throw new ShellWordsError('a single quote is not closed');
      word += text.slice(i + 1, close);
      inWord = true;
      i = close + 1;
    } else if (ch === '$' && next === "'") {
      i += 2;
      inWord = true;
      for (;;) {
        if (i >= text.length) throw new ShellWordsError("a $'...' quote is not closed");
        const c = text[i] as string;
        if (c === "'") break;
        if (c === '\\' && i + 1 < text.length) {
          const e = text[i + 1] as string;
          const hex = /^x([0-9a-fA-F]{1,2})/.exec(text.slice(i + 1, i + 4));
          const uni = /^u([0-9a-fA-F]{1,4})/.exec(text.slice(i + 1, i + 6));
          if (hex !== null) {
            word += String.fromCharCode(parseInt(hex[1] as string, 16));
            i += 1 + hex[0].length;
          } else if (uni !== null) {
            word += String.fromCharCode(parseInt(uni[1] as string, 16));
            i += 1 + uni[0].length;
          } else {
            word += ANSI_C[e] ?? `\\${e}`;
            i += 2;
          }
        } else {
          word += c;
          i += 1;
        }
      }
      i += 1;
    } else if (ch === '"') {
      i += 1;
      inWord = true;
      for (;;) {
        if (i >= text.length) throw new ShellWordsError('a double quote is not closed');
        const c = text[i] as string;
        if (c === '"') break;
        if (c === '\\' && i + 1 < text.length) {
          const e = text[i + 1] as string;
          if (e === '\n') i += 2;
          else if ('"\\$`'.includes(e)) {
            word += e;
            i += 2;
          } else {
            word += c;
            i += 1;
          }
        } else {
          word += c;
          i += 1;
        }
      }
      i += 1;
    } else if (ch === '\\') {
      if (next !== undefined) word += next;
      inWord = true;
      i += 2;
    } else {
      word += ch;
      inWord = true;
      i += 1;
    }
  }
  end();
  return words;
}
