/**
 * A strict reader of the XML subset the reports write (a declaration, elements, attributes in double quotes, text,
 * the five predefined entities and numeric references): it throws at the first thing a conforming XML parser would
 * refuse (a tag left open or closed out of turn, a raw `<` or `&` in text or a value, a second root), and returns the
 * element tree. No DTD, comment, CDATA or processing instruction after the declaration: the reports write none.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
}

const NAME = '[A-Za-z_][\\w.:-]*';
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const TAG = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}="[^"<]*")*)\\s*(/?)>`);
const ATTRIBUTE = new RegExp(`(${NAME})="([^"<]*)"`, 'g');

function checkText(text: string, at: number): void {
  if (text.replace(ENTITY, '').includes('&')) throw new Error(`a raw & at ${at}`);
}

export function parseXml(xml: string): XmlElement {
  let rest = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  // Each pass consumes one tag or one run of text, so the loop ends within xml.length passes.
  for (let pass = 0; rest.length > 0 && pass <= xml.length; pass += 1) {
    const at = xml.length - rest.length;
    const lt = rest.indexOf('<');
    if (lt !== 0) {
      const text = lt === -1 ? rest : rest.slice(0, lt);
      if (stack.length === 0 && text.trim() !== '') throw new Error(`text outside the root at ${at}`);
      checkText(text, at);
      rest = lt === -1 ? '' : rest.slice(lt);
      continue;
    }
    const tag = TAG.exec(rest);
    if (tag === null) throw new Error(`not a tag at ${at}: ${rest.slice(0, 40)}`);
    const [whole, closing, name = '', attributeText = '', selfClosing] = tag;
    rest = rest.slice(whole.length);
    if (closing === '/') {
      if (stack.pop()?.name !== name) throw new Error(`</${name}> closes another element at ${at}`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key = '', value = ''] of attributeText.matchAll(ATTRIBUTE)) {
      if (key in attributes) throw new Error(`attribute ${key} twice at ${at}`);
      checkText(value, at);
      attributes[key] = value;
    }
    const element: XmlElement = { name, attributes, children: [] };
    const parent = stack.at(-1);
    if (parent !== undefined) parent.children.push(element);
    else if (root === undefined) root = element;
    else throw new Error(`a second root <${name}> at ${at}`);
    if (selfClosing !== '/') stack.push(element);
  }
  if (root === undefined || stack.length > 0) throw new Error(`unclosed <${stack.at(-1)?.name ?? 'root'}>`);
  return root;
}
