import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { Secret } from '../secret.js';
import { Redactor, REDACTED } from './redactor.js';

// Tokens with the characters encoders treat specially (+ / = _ -), non-ASCII in Latin-1 (é, ü: what an
// HTTP header can carry) and beyond (ж, an emoji: what a client secret or a body can).
const TOKENS = ['eyJhbGciOi.Tm9+dC/hIHJl=YWw_dG9r-ZW4', 'ab+/=_-cdé+ü/=_-xyz0123456789', 'sécrét+/ж😀=_-0123456789abcdeF'];

const jsonAll = (s: string, upper: boolean): string =>
  [...s]
    .flatMap((ch) => (ch.length === 2 ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [ch.charCodeAt(0)]))
    .map((u) => {
      const hex = u.toString(16).padStart(4, '0');
      return `\\u${upper ? hex.toUpperCase() : hex}`;
    })
    .join('');
const percentAll = (s: string, upper: boolean): string =>
  [...Buffer.from(s, 'utf8')]
    .map((b) => `%${upper ? b.toString(16).toUpperCase().padStart(2, '0') : b.toString(16).padStart(2, '0')}`)
    .join('');
/** .NET's default: + < > & ' and non-ASCII as \uXXXX; PHP's: / as \/. */
const dotnet = (s: string): string =>
  JSON.stringify(s)
    .slice(1, -1)
    .replace(/[+<>&'\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
const php = (s: string): string => JSON.stringify(s).slice(1, -1).replaceAll('/', '\\/');

/** Every 8-character piece of the token, looked for in the text as is: an oracle independent of the redactor. */
function fragmentsIn(text: string, token: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= token.length; i += 1) if (text.includes(token.slice(i, i + 8))) found.push(token.slice(i, i + 8));
  return found;
}

describe.each(TOKENS.map((t) => [t]))('the token %s', (token) => {
  const redactor = Redactor.of(new Secret(token));
  const spellings: [string, string, (out: string) => string][] = [
    ['raw', token, (o) => o],
    ['JSON, every character \\u-escaped, upper hex', jsonAll(token, true), (o) => JSON.parse(`"${o}"`) as string],
    ['JSON, every character \\u-escaped, lower hex', jsonAll(token, false), (o) => JSON.parse(`"${o}"`) as string],
    ['JSON as .NET writes it', dotnet(token), (o) => JSON.parse(`"${o}"`) as string],
    ['JSON as PHP writes it', php(token), (o) => JSON.parse(`"${o}"`) as string],
    ['encodeURIComponent', encodeURIComponent(token), (o) => decodeURIComponent(o)],
    ['percent, every byte, upper hex', percentAll(token, true), (o) => decodeURIComponent(o)],
    ['percent, every byte, lower hex', percentAll(token, false), (o) => decodeURIComponent(o)],
    [
      'UTF-8 read as Latin-1 (a header echoed byte for byte)',
      Buffer.from(token).toString('latin1'),
      (o) => Buffer.from(o, 'latin1').toString('utf8'),
    ],
    ['base64', Buffer.from(token).toString('base64'), (o) => Buffer.from(o, 'base64').toString('utf8')],
    ['base64url', Buffer.from(token).toString('base64url'), (o) => Buffer.from(o, 'base64url').toString('utf8')],
    ['base64 of Basic credentials', Buffer.from(`user:${token}`).toString('base64'), (o) => Buffer.from(o, 'base64').toString('utf8')],
    ['base64 at offset 2', Buffer.from(`ab${token}xyz`).toString('base64'), (o) => Buffer.from(o, 'base64').toString('utf8')],
    [
      'HTML character references',
      [...token].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join(''),
      (o) => o.replace(/&#x([0-9a-f]+);/g, (_, h: string) => String.fromCodePoint(parseInt(h, 16))),
    ],
  ];

  test.each(spellings)('spelt %s: gone, and nothing of it decodes back', (_name, spelt, decode) => {
    const text = `before ${spelt} after`;
    const out = redactor.redact(text);
    expect(out).toContain(REDACTED);
    expect(out.startsWith('before ')).toBe(true);
    expect(out.endsWith(' after')).toBe(true);
    // Decoding what is left with the spelling's own decoder gives back no 8 characters of the token.
    let decoded: string;
    try {
      decoded = decode(out);
    } catch {
      decoded = out; // the redaction broke an encoding: then the raw text is what a reader sees
    }
    expect(fragmentsIn(decoded, token)).toEqual([]);
    expect(redactor.occursIn(text)).toBe(true);
    expect(redactor.occursIn(out)).toBe(false);
  });

  test('inside a JSON body the body stays JSON, and the parsed strings hold no fragment', () => {
    const body = `{"error":{"code":"invalidRequest","message":"bad token ${dotnet(token)} (${php(token)})"},"echo":"${jsonAll(token, false)}"}`;
    const out = redactor.redact(body);
    const parsed = JSON.parse(out) as { error: { message: string }; echo: string };
    expect(parsed.error.message).toBe(`bad token ${REDACTED} (${REDACTED})`);
    expect(parsed.echo).toBe(REDACTED);
  });

  test('a piece of 8 characters or more is gone; a cut leaves no prefix or suffix of 4 or more at its edge', () => {
    const piece = token.slice(3, 12);
    expect(redactor.redact(`x ${piece} y`)).toBe(`x ${REDACTED} y`);
    // Cut through the token: its head ends one text, its tail starts the next.
    const head = `body ${token.slice(0, 5)}`;
    const tail = `${token.slice(-5)} rest`;
    expect(redactor.redact(head, { end: true })).toBe(`body ${REDACTED}`);
    expect(redactor.redact(tail, { start: true })).toBe(`${REDACTED} rest`);
    expect(redactor.redact(`body ${jsonAll(token.slice(0, 5), true)}`, { end: true })).toBe(`body ${REDACTED}`);
    // Without a cut there, a short piece is ordinary text.
    expect(redactor.redact(head)).toBe(head);
  });
});

test('leaves text without a secret alone, and finds nothing in it', () => {
  const redactor = Redactor.of(new Secret(TOKENS[0]!));
  const text =
    '{"error":{"code":"invalidRequest","message":"Property \\u0027resource\\u0027 is read-only; see https://x.example/a%2Fb"}} &amp; more';
  expect(redactor.redact(text)).toBe(text);
  expect(redactor.occursIn(text)).toBe(false);
  expect(Redactor.of().redact(text)).toBe(text);
  expect(Redactor.of(undefined, new Secret('')).redact('anything')).toBe('anything');
});

test('secrets added during the run are redacted from then on; a source is read at every call', () => {
  const first = 'first-token-0123456789';
  const renewed = 'renewed-token-ABCDEFGHIJ';
  const redactor = Redactor.of(new Secret(first));
  expect(redactor.redact(`${first} ${renewed}`)).toBe(`${REDACTED} ${renewed}`);
  redactor.add(new Secret(renewed));
  expect(redactor.redact(`${first} ${renewed}`)).toBe(`${REDACTED} ${REDACTED}`);
  let current: Secret[] = [];
  const sourced = new Redactor(() => current);
  expect(sourced.redact(first)).toBe(first);
  current = [new Secret(first)];
  expect(sourced.redact(first)).toBe(REDACTED);
  expect(sourced.readAheadBytes).toBeGreaterThanOrEqual(12 * first.length);
});

test('redactDeep redacts every string and key of plain data, and keeps the rest', () => {
  const token = TOKENS[1]!;
  const redactor = Redactor.of(new Secret(token));
  const record = { id: 'x', n: 3, ok: true, none: null, list: [`a ${token}`, { [`h-${token}`]: encodeURIComponent(token) }] };
  expect(redactor.redactDeep(record)).toEqual({
    id: 'x',
    n: 3,
    ok: true,
    none: null,
    list: [`a ${REDACTED}`, { [`h-${REDACTED}`]: REDACTED }],
  });
});

test('property: a token in any mix of spellings, character by character, inside any text, leaves no 8 characters', () => {
  const alphabet = fc.constantFrom(...'ABCxyz019+/=_-.~éü'.split(''));
  // Text around the token: no escapes of its own, so the oracle's decoders read only the token's.
  const filler = fc.constantFrom(...'abAB {}":,é+/='.split(''));
  const spell = (ch: string, how: number): string => {
    const unit = ch.charCodeAt(0).toString(16).padStart(4, '0');
    switch (how) {
      case 1:
        return `\\u${unit}`;
      case 2:
        return `\\u${unit.toUpperCase()}`;
      case 3:
        return ch === '/' ? '\\/' : ch;
      case 4:
        return encodeURIComponent(ch);
      case 5:
        return encodeURIComponent(ch).toLowerCase();
      default:
        return ch;
    }
  };
  fc.assert(
    fc.property(
      fc.array(alphabet, { minLength: 12, maxLength: 60 }),
      fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 60, maxLength: 60 }),
      fc.string({ unit: filler, maxLength: 30 }),
      fc.string({ unit: filler, maxLength: 30 }),
      (chars, hows, before, after) => {
        const token = chars.join('');
        const spelt = chars.map((ch, i) => spell(ch, hows[i]!)).join('');
        const out = Redactor.of(new Secret(token)).redact(`${before}${spelt}${after}`);
        // Undo every escape the mix can hold, with the platform's own decoders.
        const undone = decodeURIComponent(out.replace(/%(?![0-9a-fA-F]{2})/g, '%25')).replace(
          /\\u([0-9a-fA-F]{4})|\\\//g,
          (_m, hex?: string) => (hex === undefined ? '/' : String.fromCharCode(parseInt(hex, 16))),
        );
        return fragmentsIn(undone, token).length === 0 || fragmentsIn(`${before}${after}`, token).length > 0;
      },
    ),
    { seed: 20261122, numRuns: 300 },
  );
});

test('runs of lowercase words in a wordy secret are ordinary text; the whole secret and its other runs are not', () => {
  const token = 'sentinel-protocol-token-3c9e71d0a4b2';
  const redactor = Redactor.of(new Secret(token));
  expect(redactor.redact('suites/05-protocol.test.ts: sentinel values')).toBe('suites/05-protocol.test.ts: sentinel values');
  expect(redactor.redact(`Bearer ${token}`)).toBe(`Bearer ${REDACTED}`);
  expect(redactor.redact('id token-3c9e71 seen')).toBe(`id ${REDACTED} seen`);
  expect(redactor.occursIn('the 05-protocol suite')).toBe(false);
  // A secret of words alone is still found whole.
  expect(Redactor.of(new Secret('honesty-token')).redact('x honesty-token y honesty')).toBe(`x ${REDACTED} y honesty`);
});

test('a secret shorter than a fragment is redacted where it stands as a value, never inside a word', () => {
  const redactor = Redactor.of(new Secret('tok'));
  expect(redactor.redact('the token: tok, "tok", Bearer tok. tokens and atok stay')).toBe(
    `the token: ${REDACTED}, "${REDACTED}", Bearer ${REDACTED}. tokens and atok stay`,
  );
  expect(redactor.redact('{"clientState":"tok"}')).toBe(`{"clientState":"${REDACTED}"}`);
  expect(redactor.redact('%74%6F%6B')).toBe(REDACTED);
  expect(redactor.occursIn('token')).toBe(false);
  expect(redactor.occursIn('x=tok&y')).toBe(true);
});
