/**
 * Whether an upload is a plain SVG picture (decision 0270). SVG has no magic bytes and can carry
 * scripts, so a logo must be one well-formed <svg> document with no scripts, event handlers,
 * foreign objects, frames, external references, DOCTYPE/entities or processing instructions.
 * Strict on purpose: a logo exported by a drawing program passes; anything clever is refused.
 * (Served logos also carry a sandboxing Content-Security-Policy: this is the first wall, not the only.)
 */

const FORBIDDEN_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'frame', 'frameset', 'embed', 'object', 'applet', 'handler', 'listener', 'meta', 'link', 'base', 'audio', 'video', 'canvas', 'html', 'body']);
const SAFE_REF = /^(#[\w.:-]*|data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*)$/i;

const decodeEntities = (v: string): string =>
  v
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Math.min(parseInt(d, 10), 0x10ffff)))
    .replace(/&(colon|tab|newline|lt|gt|quot|apos|amp);/gi, (_, n: string) => ({ colon: ':', tab: '\t', newline: '\n', lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[n.toLowerCase()] ?? '');

/** CSS inside the picture may not fetch anything but its own fragments or inline pictures. */
const cssProblem = (css: string): string | null => {
  const c = decodeEntities(css).replace(/\\/g, '').toLowerCase();
  if (c.includes('@import') || c.includes('expression(') || c.includes('javascript:')) return 'style imports or scripts';
  for (const m of c.matchAll(/url\(\s*(['"]?)([^)'"]*)\1\s*\)/g)) if (!SAFE_REF.test(m[2]!.trim())) return 'style refers outside the picture';
  return null;
};

/** The `>` that ends the tag opened before `from`, skipping quoted attribute values (`title="a>b"`). */
const tagEnd = (text: string, from: number): number => {
  let quote = '';
  for (let j = from; j < text.length; j++) {
    const ch = text[j]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return j;
    else if (ch === '<') return -1;
  }
  return -1;
};

const ATTR = /([^\s=/>]+)(?:\s*=\s*("([^"]*)"|'([^']*)'))?/g;

/** null when `bytes` is a safe SVG document; else why not (for the log). */
export const svgProblem = (bytes: Buffer): string | null => {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'not UTF-8 text';
  }
  text = text.replace(/^\uFEFF/, '');
  let i = 0;
  const stack: string[] = [];
  let sawRoot = false;
  let rootClosed = false;
  let inStyle = false;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt === -1 ? text.length : lt);
    if (chunk.trim()) {
      if (!sawRoot || rootClosed) return 'text outside the <svg> element';
      if (inStyle) {
        const p = cssProblem(chunk);
        if (p) return p;
      }
    }
    if (lt === -1) break;
    const rest = text.slice(lt, lt + 9);
    if (rest.startsWith('<!--')) {
      const end = text.indexOf('-->', lt + 4);
      if (end === -1) return 'unterminated comment';
      i = end + 3;
      continue;
    }
    if (rest.startsWith('<?')) {
      const end = text.indexOf('?>', lt + 2);
      if (end === -1) return 'unterminated processing instruction';
      // Only the XML declaration, and only before the root element.
      if (sawRoot || !/^<\?xml[\s?]/.test(text.slice(lt, lt + 6))) return 'processing instruction';
      i = end + 2;
      continue;
    }
    if (rest.startsWith('<!')) return 'DOCTYPE, entity or CDATA section';
    const end = tagEnd(text, lt + 1);
    if (end === -1) return 'unterminated tag';
    const tag = text.slice(lt + 1, end);
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim().toLowerCase();
      if (stack.pop() !== name) return 'mismatched closing tag';
      if (name === 'style') inStyle = false;
      if (stack.length === 0) rootClosed = true;
      i = end + 1;
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const m = /^([A-Za-z_][\w.:-]*)/.exec(body);
    if (!m) return 'malformed tag';
    const qname = m[1]!.toLowerCase();
    const local = qname.includes(':') ? qname.split(':').pop()! : qname;
    if (rootClosed) return 'a second root element';
    if (!sawRoot) {
      if (qname !== 'svg') return 'the root element is not <svg>';
      if (!/\sxmlns\s*=\s*("http:\/\/www\.w3\.org\/2000\/svg"|'http:\/\/www\.w3\.org\/2000\/svg')/.test(body)) return 'not in the SVG namespace';
      sawRoot = true;
    }
    if (FORBIDDEN_ELEMENTS.has(local)) return `<${local}> is not allowed`;
    const attrs = body.slice(m[0].length);
    for (const a of attrs.matchAll(ATTR)) {
      const name = a[1]!.toLowerCase();
      const attrLocal = name.includes(':') ? name.split(':').pop()! : name;
      const value = decodeEntities(a[3] ?? a[4] ?? '').trim();
      if (attrLocal.startsWith('on')) return `event handler ${name}`;
      if (attrLocal === 'href' || attrLocal === 'src' || name === 'xml:base') {
        if (!SAFE_REF.test(value)) return `${name} refers outside the picture`;
      }
      if ((local === 'set' || local.startsWith('animate')) && attrLocal === 'attributename' && /href|^on/i.test(value)) return 'an animation rewrites a link or handler';
      if (attrLocal === 'style') {
        const p = cssProblem(value);
        if (p) return p;
      }
      // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL's scheme
      if (/^\s*(javascript|vbscript|data:text)/i.test(value.replace(/[\s\u0000-\u001f]/g, ''))) return `${name} holds a script address`;
    }
    if (!selfClosing) {
      stack.push(qname);
      if (local === 'style') inStyle = true;
    } else if (stack.length === 0) rootClosed = true;
    i = end + 1;
  }
  if (!sawRoot) return 'no <svg> element';
  if (stack.length) return 'unclosed element';
  return null;
};
