/**
 * The operation's fields an error's text names, and the text with them masked. A field counts as named where
 * it stands as a property: quoted (`'resource'`, `"resource"`, `` `resource` ``, `‘resource’`), in a path
 * (`body/resource`, `Req.Resource`, `$.resource`), after a word that announces a property (`property resource`,
 * `unknown field resource`, `param: resource`), as a label opening a sentence (`resource: must not be blank`),
 * before such a word (`The Resource field`), as the subject of a predicate of validation (`resource is
 * required`, `resource must ...`, `resource should not exist`, `resource is not allowed`), or in a list beside a field
 * that is no English word (`Present: changeType, Resource`, `changeType && resource`), without regard to
 * case: frameworks capitalise (ASP.NET), quote (ajv, jsonschema) or do neither (class-validator, Go). A name
 * that is no English word (`clientState`, `f1`, `@odata.type`, or a name of several words written in words:
 * `notification URL` for notificationUrl, `expiration date time` for expirationDateTime, as Laravel and
 * SharePoint write them) counts wherever it stands as a word of its own. A name that is an ordinary word
 * (`resource`, `name`) counts only so: "The requested resource does not accept this media type" names no field.
 * A field inside a longer word (`resourceId`, `my_resource`) is never named, nor one that is a member of a
 * rendered type (`{ readonly resource: string; ... }`, ./schema-rendering.ts): such a text lists the schema's
 * fields, not the ones the error is about.
 */
import { withoutSchemaRendering } from './schema-rendering.js';

/** Characters that continue a word: a field next to one of these is part of a longer name. */
const WORD = '\\p{L}\\p{N}_$@-';

/** The quotes a text puts around a name or a value, each opening with its closing. */
export const QUOTES: readonly [string, string][] = [
  ["'", "'"],
  ['"', '"'],
  ['`', '`'],
  ['‘', '’'],
  ['“', '”'],
];
const OPEN_QUOTE = `['"\`‘“]`;
const CLOSE_QUOTE = `['"\`’”]`;

interface Matcher {
  /** Every field where it is named, for masking. */
  any: RegExp;
  /** One pattern per field: where it is named, and where it is quoted. */
  each: { field: string; named: RegExp; quoted: RegExp }[];
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `notificationUrl` -> `notification\s+Urls?`; undefined for a name of one word. */
function inWords(field: string): string | undefined {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter((w) => w !== '');
  // In the plural too: "only validates loopback notification URLs" speaks of the field's values.
  return words.length < 2 ? undefined : `${words.map(escape).join('\\s+')}s?`;
}

/** A name that reads as an ordinary word (letters only, no capital inside it): named only where it stands as a property. */
export const isOrdinaryWord = (field: string): boolean => /^\p{L}+$/u.test(field) && !/\p{Ll}\p{Lu}/u.test(field);

/** What separates the names of a list: a comma, or the operators of a rule written out (`a && b || c`). */
const LIST_SEPARATOR = '(?:,|&&|\\|\\|)';

/** Words that announce a property: `property resource`, `unknown field resource`, `param: resource`. */
const NOUN = '(?:field|propert(?:y|ies)|parameter|param|attribute|key|member|column)s?';
/** What the subject of a validation message is said to be or to do: `resource is required`, `resource must ...`. */
const PREDICATE = [
  '(?:is|are|was)\\s+(?:not\\s+)?(?:an?\\s+)?(?:required|missing|mandatory|invalid|valid|allowed|permitted|supported|forbidden|unknown|unexpected|empty|null|blank|read-?only|immutable|malformed|recogni[sz]ed|expected|too\\s+\\w+|out\\s+of\\s+range)',
  'must',
  'should',
  'shall',
  'may\\s+not',
  "can(?:not|'t|\\s+not)",
  'required',
  'missing',
  'not\\s+(?:allowed|permitted|valid|supported)',
  'has\\s+(?:an?\\s+)?invalid',
  'exceeds',
  'failed\\s+(?:validation|on)',
  'needs',
].join('|');

/**
 * Where `field` is named. Each context is checked once the name itself matched (a lookbehind that ends with
 * the name), so a hostile text is scanned once, never again from every position.
 */
function namedPattern(field: string, fields: readonly string[]): string {
  const w = escape(field);
  const alone = `(?<![${WORD}])${w}(?![${WORD}])`;
  if (!isOrdinaryWord(field)) {
    const spelt = inWords(field);
    return spelt === undefined ? alone : `(?:${alone}|(?<![${WORD}])${spelt}(?![${WORD}]))`;
  }
  // Beside a name no English word spells: a list of ordinary words (`name, color and size`) may be prose.
  const others = fields.filter((f) => f !== field && f.trim() !== '' && !isOrdinaryWord(f)).map(escape);
  const neighbour = others.length === 0 ? undefined : `(?:${others.join('|')})`;
  const contexts = [
    `(?<=${OPEN_QUOTE}\\s{0,3}${w})(?=\\s{0,3}${CLOSE_QUOTE})`,
    // In a path: after a step (`body/resource`, `Req.Resource`, `$.resource`), at a pointer's start, or before a step.
    `(?<=[\\p{L}\\p{N}_$\\]][./]${w})`,
    `(?<=(?:^|[\\s('"])/${w})`,
    `(?=[./[][\\p{L}\\p{N}_])`,
    `(?<=\\b${NOUN}\\s{0,3}:?\\s{0,3}${OPEN_QUOTE}?${w})`,
    // A label opening a sentence or a part: `resource: must not be blank`.
    `(?<=(?:^|[;\\n]|[.!?]\\s)\\s{0,3}${w})(?=\\s{0,3}:)`,
    `(?=\\s{1,3}(?:field|property|parameter|param|attribute)\\b)`,
    `(?=\\s{1,3}(?:${PREDICATE})\\b)`,
    // In a list of the operation's fields: `Present: changeType, resource`, `changeType && resource`.
    ...(neighbour === undefined
      ? []
      : [
          `(?<=(?<![${WORD}])${neighbour}\\s{0,3}${LIST_SEPARATOR}\\s{0,3}${w})`,
          `(?=\\s{0,3}${LIST_SEPARATOR}\\s{0,3}${neighbour}(?![${WORD}]))`,
        ]),
  ];
  return `${alone}(?:${contexts.join('|')})`;
}

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
    any: byLength.length === 0 ? /(?!)/gu : new RegExp(byLength.map((f) => namedPattern(f, usable)).join('|'), 'giu'),
    each: usable.map((field) => ({
      field,
      named: new RegExp(namedPattern(field, usable), 'iu'),
      quoted: new RegExp(QUOTES.map(([open, close]) => `${escape(open)}\\s*${escape(field)}\\s*${escape(close)}`).join('|'), 'iu'),
    })),
  };
  if (matchers.size >= MAX_MATCHERS) matchers.clear();
  matchers.set(key, matcher);
  return matcher;
}

/**
 * The fields `text` names, spelt as in `fields`: quoted ones first (the stronger sign), each in the order of
 * its first mention, then the others in the order of theirs.
 */
export function fieldsInText(message: string, fields: readonly string[]): string[] {
  if (message === '') return [];
  const text = withoutSchemaRendering(message);
  const found = matcherOf(fields).each.flatMap(({ field, named, quoted }) => {
    const q = quoted.exec(text)?.index;
    const n = named.exec(text)?.index;
    return n === undefined && q === undefined ? [] : [{ field, quoted: q !== undefined, at: q ?? n ?? 0 }];
  });
  return found.sort((x, y) => Number(y.quoted) - Number(x.quoted) || x.at - y.at).map((x) => x.field);
}

/** The fields `text` quotes, spelt as in `fields`, in the order of first mention. */
export function fieldsQuoted(message: string, fields: readonly string[]): string[] {
  if (message === '') return [];
  const text = withoutSchemaRendering(message);
  return matcherOf(fields)
    .each.flatMap(({ field, quoted }) => {
      const at = quoted.exec(text)?.index;
      return at === undefined ? [] : [{ field, at }];
    })
    .sort((x, y) => x.at - y.at)
    .map((x) => x.field);
}

/** `text` with every field where it is named replaced by `<field>` (quotes kept: `'<field>'`). */
export function maskFields(text: string, fields: readonly string[]): string {
  if (text === '') return text;
  const { any } = matcherOf(fields);
  any.lastIndex = 0;
  return text.replace(any, '<field>');
}

/** The steps of a structural name: `create.request.resource`, `/data/resource`, `items[0].id`. */
const steps = (name: string): string[] => name.split(/[./[\]]/).filter((s) => s !== '');

/**
 * The operation's fields an error names, in the fields' order: by its structure (`names`, as the body spells
 * them: a name is a path, and the field it names is its first step that is one, without regard to case, so
 * that `create.request.resource`, a method's parameter before the property, names `resource`) or in its text.
 */
export function fieldsNamed(
  error: { message?: string | undefined; names?: readonly string[] | undefined },
  fields: readonly string[],
): string[] {
  const byLower = new Map(fields.map((f) => [f.toLowerCase(), f]));
  const byStructure = new Set<string>();
  for (const name of error.names ?? []) {
    const whole = byLower.get(name.toLowerCase());
    const field =
      whole ??
      steps(name)
        .map((s) => byLower.get(s.toLowerCase()))
        .find((f) => f !== undefined);
    if (field !== undefined) byStructure.add(field);
  }
  const inText = new Set(fieldsInText(error.message ?? '', fields));
  return fields.filter((f) => byStructure.has(f) || inText.has(f));
}

/** The sentences of a message (lib/error-body joins them with `; `) that name `field`, in order. */
export function sentencesNaming(message: string, field: string): string[] {
  return message
    .split('; ')
    .map((s) => s.trim())
    .filter((s) => s !== '' && fieldsInText(s, [field]).length > 0);
}
