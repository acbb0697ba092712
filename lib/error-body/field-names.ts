/**
 * The operation's fields an error's text names, and the text with them masked. A field counts as named where
 * it stands as a word of its own, quoted (`'resource'`, `"resource"`, `` `resource` ``, `‘resource’`) or bare
 * (`resource must be a string`, `body/resource must ...`, `The Resource field is required.`), without regard
 * to case: frameworks capitalise (ASP.NET), quote (ajv, jsonschema) or do neither (class-validator, Go). A name of
 * several words counts in words too (`notification URL` for notificationUrl, `expiration date time` for
 * expirationDateTime), as Laravel and SharePoint write them. A field inside a longer word (`resourceId`,
 * `my_resource`) is not named; a field named like an ordinary word (`resource`) is also found where the word is used
 * as one.
 */

/** Characters that continue a word: a field next to one of these is part of a longer name. */
const WORD = '\\p{L}\\p{N}_$@-';

const QUOTES: readonly [string, string][] = [
  ["'", "'"],
  ['"', '"'],
  ['`', '`'],
  ['‘', '’'],
  ['“', '”'],
];

interface Matcher {
  /** Every field, as a word, for masking. */
  any: RegExp;
  /** One pattern per field: the field as a word, and quoted. */
  each: { field: string; bare: RegExp; quoted: RegExp }[];
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `notificationUrl` -> `notification\s+url`; undefined for a name of one word. */
function inWords(field: string): string | undefined {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter((w) => w !== '');
  return words.length < 2 ? undefined : words.map(escape).join('\\s+');
}

const word = (field: string): string => {
  const spelt = inWords(field);
  return `(?<![${WORD}])(?:${escape(field)}${spelt === undefined ? '' : `|${spelt}`})(?![${WORD}])`;
};

// The same few field lists are asked about for every answer of a run: compiled once per list.
const matchers = new Map<string, Matcher>();
const MAX_MATCHERS = 64;

function matcherOf(fields: readonly string[]): Matcher {
  const key = fields.join('\u0000');
  const known = matchers.get(key);
  if (known !== undefined) return known;
  const usable = fields.filter((f) => f.trim() !== '');
  // Longest first, so that `clientStateId` is masked whole before `clientState` is looked for.
  const byLength = [...usable].sort((a, b) => b.length - a.length);
  const matcher: Matcher = {
    any: byLength.length === 0 ? /(?!)/gu : new RegExp(byLength.map(word).join('|'), 'giu'),
    each: usable.map((field) => ({
      field,
      bare: new RegExp(word(field), 'iu'),
      quoted: new RegExp(QUOTES.map(([open, close]) => `${escape(open)}\\s*${escape(field)}\\s*${escape(close)}`).join('|'), 'iu'),
    })),
  };
  if (matchers.size >= MAX_MATCHERS) matchers.clear();
  matchers.set(key, matcher);
  return matcher;
}

/**
 * The fields `text` names, spelt as in `fields`: quoted ones first (the stronger sign), each in the order of
 * its first mention, then bare ones in the order of theirs.
 */
export function fieldsInText(text: string, fields: readonly string[]): string[] {
  if (text === '') return [];
  const found = matcherOf(fields).each.flatMap(({ field, bare, quoted }) => {
    const q = quoted.exec(text)?.index;
    const b = bare.exec(text)?.index;
    return b === undefined ? [] : [{ field, quoted: q !== undefined, at: q ?? b }];
  });
  return found.sort((x, y) => Number(y.quoted) - Number(x.quoted) || x.at - y.at).map((x) => x.field);
}

/** The fields `text` quotes, spelt as in `fields`, in the order of first mention. */
export function fieldsQuoted(text: string, fields: readonly string[]): string[] {
  if (text === '') return [];
  return matcherOf(fields)
    .each.flatMap(({ field, quoted }) => {
      const at = quoted.exec(text)?.index;
      return at === undefined ? [] : [{ field, at }];
    })
    .sort((x, y) => x.at - y.at)
    .map((x) => x.field);
}

/** `text` with every field named as a word replaced by `<field>` (quotes kept: `'<field>'`). */
export function maskFields(text: string, fields: readonly string[]): string {
  if (text === '') return text;
  const { any } = matcherOf(fields);
  any.lastIndex = 0;
  return text.replace(any, '<field>');
}

/**
 * The operation's fields an error names, in the fields' order: by its structure (`names`, as the body spells
 * them, matched without regard to case) or in its text.
 */
export function fieldsNamed(
  error: { message?: string | undefined; names?: readonly string[] | undefined },
  fields: readonly string[],
): string[] {
  const byStructure = new Set((error.names ?? []).map((n) => n.toLowerCase()));
  const inText = new Set(fieldsInText(error.message ?? '', fields));
  return fields.filter((f) => byStructure.has(f.toLowerCase()) || inText.has(f));
}

/** The sentences of a message (lib/error-body joins them with `; `) that name `field`, in order. */
export function sentencesNaming(message: string, field: string): string[] {
  return message
    .split('; ')
    .map((s) => s.trim())
    .filter((s) => s !== '' && fieldsInText(s, [field]).length > 0);
}
