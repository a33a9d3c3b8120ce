import { describe, expect, it } from 'vitest';
import { svgProblem } from './svg-check';

const svg = (inner: string, attrs = '') => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${inner}</svg>\n`);

describe('svgProblem', () => {
  it('accepts a plain drawing (styles, gradients, fragment links, comments, text)', () => {
    expect(svgProblem(svg('<!-- logo --><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><style>.a{fill:url(#g)}</style><rect class="a" width="10" height="10"/><use href="#g"/><text x="1" y="9">Balcão &amp; cia</text>'))).toBeNull();
    expect(svgProblem(Buffer.from('\uFEFF<svg xmlns="http://www.w3.org/2000/svg"><circle r="2" title="a&gt;b"/></svg>'))).toBeNull();
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script>')],
    ['a prefixed script element', svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>')],
    ['an event handler', svg('<rect onload="alert(1)"/>')],
    ['an event handler on the root', svg('', ' onload="alert(1)"')],
    ['a handler hidden behind a quoted >', svg('<rect title=">" onclick="alert(1)"/>')],
    ['a foreign object', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>')],
    ['an entity-encoded javascript: link', svg('<a xlink:href="&#106;avascript:alert(1)"><rect/></a>')],
    ['an external image', svg('<image href="https://evil.example/x.png"/>')],
    ['an animation that rewrites a link', svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>')],
    ['a style import', svg('<style>@import url(https://evil.example/x.css);</style>')],
    ['a style fetching outside', svg('<rect style="fill:url(https://evil.example/x)"/>')],
    ['a DOCTYPE with entities', Buffer.from('<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a stylesheet processing instruction', Buffer.from('<?xml-stylesheet href="x.css"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['an HTML page', Buffer.from('<html><body><svg xmlns="http://www.w3.org/2000/svg"/></body></html>')],
    ['an svg without the SVG namespace', Buffer.from('<svg><rect/></svg>')],
    ['unbalanced tags', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')],
    ['text after the root', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/><script>alert(1)</script>')],
    ['binary bytes', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe])],
    ['empty', Buffer.alloc(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(svgProblem(bytes)).not.toBeNull();
  });
});
