/**
 * A body that is not JSON read as what a person would read: a plain-text error as it is (Go's `http.Error`,
 * a proxy's one-liner), an HTML error page as its visible text (nginx's `400 Bad Request` page, a framework's
 * debug page). Whitespace runs become one space. Bounded: only the first MAX_SCANNED characters are looked
 * at, and no pattern rescans the text (a hostile page of a million `<` costs one pass).
 */

/** Characters of a text body looked at: far more than a message is kept of. */
const MAX_SCANNED = 64 * 1024;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The readable text of a body that did not parse as JSON; `contentType` decides between HTML and plain text. */
export function textOfBody(raw: string, contentType: string | undefined): string {
  const text = raw.length > MAX_SCANNED ? raw.slice(0, MAX_SCANNED) : raw;
  const html =
    contentType === undefined
      ? /^\s*<(?:!doctype\s+html|html|head|body|[a-z][a-z0-9]{0,9}[\s>])/i.test(text)
      : /html|xml/i.test(contentType);
  return collapse(html ? visibleText(text) : text);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text of an HTML page without its head, scripts, styles and tags; the title when the body says nothing. */
function visibleText(html: string): string {
  const title = between(html, /<title\b[^<>]{0,200}>/i, /<\/title\s*>/i);
  let text = dropBetween(html, /<!--/g, /-->/g);
  for (const name of ['head', 'script', 'style'])
    text = dropBetween(text, new RegExp(`<${name}\\b`, 'gi'), new RegExp(`</${name}\\s*>`, 'gi'));
  text = text.replace(/<[^<>]{0,2048}>/g, ' ');
  const body = decodeEntities(text);
  return collapse(body) === '' && title !== undefined ? decodeEntities(title) : body;
}

/** Every `open ... close` taken out (an element, a comment), searching forward only: no pattern rescans the page. */
function dropBetween(html: string, open: RegExp, close: RegExp): string {
  let out = '';
  let at = 0;
  for (;;) {
    open.lastIndex = at;
    const start = open.exec(html);
    if (start === null) return out + html.slice(at);
    close.lastIndex = start.index;
    const end = close.exec(html);
    out += `${html.slice(at, start.index)} `;
    if (end === null) return out;
    at = end.index + end[0].length;
  }
}

function between(html: string, open: RegExp, close: RegExp): string | undefined {
  const start = open.exec(html);
  if (start === null) return undefined;
  const rest = html.slice(start.index + start[0].length, start.index + start[0].length + 1024);
  const end = close.exec(rest);
  return end === null ? undefined : rest.slice(0, end.index);
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}
