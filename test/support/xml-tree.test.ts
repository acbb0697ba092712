import { expect, test } from 'vitest';
import { parseXml } from './xml-tree.js';

test('the tree of a well-formed document: elements, attributes with entities, self-closing tags', () => {
  const tree = parseXml('<?xml version="1.0"?>\n<a n="x &amp; y"><b/><c>t &lt; 2\n</c></a>\n');
  expect(tree).toEqual({
    name: 'a',
    attributes: { n: 'x &amp; y' },
    children: [
      { name: 'b', attributes: {}, children: [] },
      { name: 'c', attributes: {}, children: [] },
    ],
  });
});

test.each([['<a><b></a></b>'], ['<a>x & y</a>'], ['<a n="1" n="2"/>'], ['<a/><b/>'], ['<a>'], ['<a n=1/>'], ['<a n="<"/>']])(
  '%s is refused',
  (xml) => {
    expect(() => parseXml(xml)).toThrow();
  },
);
