import { DOMParser } from '@xmldom/xmldom';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectImage, sniffRaster } from '../../src/server/features/uploads/image-types';
import { isSafeCss, looksLikeSvg, SvgRejected, sanitizeSvg } from '../../src/server/features/uploads/svg-sanitize';
import { pngOfSize, tinyGif, tinyJpeg, tinyPng, tinyWebp } from '../support/files';

const open = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">';
const wrap = (inner: string) => `${open}${inner}</svg>`;
const clean = (inner: string) => sanitizeSvg(wrap(inner));

describe('sanitizeSvg', () => {
  it('keeps ordinary logo markup: shapes, gradients, text, classes and safe styles', () => {
    const input = wrap(
      '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<style>.a{fill:url(#g)} .b &gt; .c{stroke:#000}</style>' +
        '<g transform="translate(1 2)" class="a"><path d="M0 0L10 10Z" fill="url(#g)" style="stroke-width:2"/></g>' +
        '<text x="1" y="2" font-family="Inter">Fan &amp; Grid</text><use xlink:href="#g"/>',
    );
    expect(sanitizeSvg(input)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg">' +
        '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<style>.a{fill:url(#g)} .b &gt; .c{stroke:#000}</style>' +
        '<g transform="translate(1 2)" class="a"><path d="M0 0L10 10Z" fill="url(#g)" style="stroke-width:2"/></g>' +
        '<text x="1" y="2" font-family="Inter">Fan &amp; Grid</text><use href="#g"/></svg>',
    );
  });

  it('removes script, foreignObject, animation, images and iframes with everything inside them', () => {
    const out = clean(
      '<script>alert(1)</script><script xlink:href="https://evil.example/x.js"/>' +
        '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(2)</script></body></foreignObject>' +
        '<set attributeName="href" to="javascript:alert(3)"/><animate attributeName="href" values="javascript:x"/>' +
        '<image href="https://evil.example/a.png"/><iframe src="x"/><rect width="1"/>',
    );
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>');
  });

  it('removes every on* handler and attributes outside the allowlist', () => {
    expect(
      clean('<rect onclick="a()" onload="b()" onmouseover="c()" ONLOAD="d()" width="2" src="x" xml:base="http://e/"/>'),
    ).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="2"/></svg>');
    expect(sanitizeSvg('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" viewBox="0 0 1 1"/>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
    );
  });

  it('keeps href and xlink:href only as #fragment links (entity-encoded schemes included)', () => {
    const out = clean(
      '<use href="javascript:alert(1)"/><use xlink:href="jav&#x61;script:alert(1)"/><use href="https://evil.example/s.svg#i"/>' +
        '<use href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/><use href=" #ok "/><use xlink:href="#also"/>',
    );
    expect(out).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><use/><use/><use/><use/><use href="#ok"/><use href="#also"/></svg>',
    );
  });

  it('writes href once when an element has both href and xlink:href, the plain one winning (SVG 2)', () => {
    // Found by the property below: both came out as href, which no XML parser (or browser) accepts.
    expect(
      clean('<use xlink:href="#old" href="#new"/><use href="#a" xlink:href="#b"/><svg xlink:href="#g" href="#g"/>'),
    ).toBe('<svg xmlns="http://www.w3.org/2000/svg"><use href="#new"/><use href="#a"/><svg href="#g"/></svg>');
    // A refused plain href leaves the checked xlink:href in place.
    expect(clean('<use xlink:href="#ok" href="javascript:alert(1)"/>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><use href="#ok"/></svg>',
    );
  });

  it('unwraps links and switches, keeping their drawing', () => {
    expect(clean('<a href="https://evil.example"><circle r="1"/></a><switch><rect width="1"/></switch>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/><rect width="1"/></svg>',
    );
  });

  it('drops styles that load or run anything: url(...) outside the document, @import, escapes, expression()', () => {
    expect(clean('<style>@import url(https://evil.example/x.css);</style><rect width="1"/>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>',
    );
    const attrs = [
      'fill:url(https://evil.example/x#a)',
      'background:url(javascript:alert(1))',
      'fill:u\\72l(https://evil.example)',
      'fill:u/**/rl(x)',
      'width:expression(alert(1))',
      'background-image:image-set(&quot;https://evil.example/x.png&quot; 1x)',
    ];
    for (const style of attrs)
      expect(clean(`<rect style="${style}"/>`), style).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
    expect(clean('<rect fill="url(https://evil.example/p#x)" stroke="url( \'#ok\' )"/>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect stroke="url( \'#ok\' )"/></svg>',
    );
    expect(isSafeCss('.a{fill:red}')).toBe(true);
    expect(isSafeCss('@font-face{src:url(#x)}')).toBe(false);
  });

  it('drops elements of other namespaces, comments, processing instructions and stray text', () => {
    expect(
      sanitizeSvg(
        '<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/x.css"?><!-- c -->' +
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1">' +
          '<inkscape:grid/>stray<!-- hidden --><g>\n  <rect width="1"/>\n</g></svg>',
      ),
    ).toBe('<svg xmlns="http://www.w3.org/2000/svg"><g><rect width="1"/></g></svg>');
  });

  it('escapes what it keeps, so text cannot become markup', () => {
    expect(clean('<text>&lt;script&gt;alert(1)&lt;/script&gt; " \'</text><title><![CDATA[<b>x</b>]]></title>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><text>&lt;script&gt;alert(1)&lt;/script&gt; " \'</text><title>&lt;b&gt;x&lt;/b&gt;</title></svg>',
    );
    expect(clean('<rect id="a&quot;b&amp;c" class="x&lt;y"/>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect id="a&quot;b&amp;c"/></svg>',
    );
  });

  it('refuses documents that are not SVG, malformed XML, entity declarations and absurd nesting', () => {
    const reason = (source: string) => {
      try {
        sanitizeSvg(source);
        return 'accepted';
      } catch (err) {
        return err instanceof SvgRejected ? err.reason : 'crashed';
      }
    };
    expect(reason('<html><body/></html>')).toBe('not-svg');
    expect(reason('<!DOCTYPE html><html></html>')).toBe('not-svg');
    expect(reason('hello')).toBe('not-svg');
    expect(reason('<svg:svg xmlns:svg="urn:not-svg"/>')).toBe('not-svg');
    expect(reason('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')).toBe('unreadable');
    expect(reason('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>')).toBe(
      'unreadable',
    );
    expect(reason(`<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(100)}${'</g>'.repeat(100)}</svg>`)).toBe(
      'unreadable',
    );
    expect(reason(`<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(60)}${'</g>'.repeat(60)}</svg>`)).toBe(
      'accepted',
    );
    // An SVG without xmlns is still read as SVG; the public DOCTYPE of editors is fine.
    expect(
      sanitizeSvg(
        '\uFEFF<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg><rect/></svg>',
      ),
    ).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
    expect(looksLikeSvg('  <!-- x --><svg/>')).toBe(true);
  });

  // ---- Property: whatever goes in, nothing that runs or loads comes out -------------------------------
  const elementNames = [
    'svg',
    'g',
    'path',
    'rect',
    'text',
    'tspan',
    'a',
    'switch',
    'use',
    'defs',
    'linearGradient',
    'stop',
    'title',
    'script',
    'SCRIPT',
    'Script',
    'foreignObject',
    'foreignobject',
    'iframe',
    'image',
    'animate',
    'set',
    'object',
    'embed',
    'handler',
  ];
  const attributeNames = [
    'fill',
    'd',
    'id',
    'class',
    'transform',
    'href',
    'xlink:href',
    'style',
    'width',
    'onload',
    'onclick',
    'ONLOAD',
    'onmouseover',
    'onbegin',
    'formaction',
    'src',
    'xml:base',
    'attributeName',
    'to',
    'values',
  ];
  const attributeValues = [
    'red',
    '#g',
    'url(#g)',
    'M0 0L1 1',
    '10',
    'fill:red',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:x',
    'java\tscript:x',
    'vbscript:x',
    'url(http://evil.example/x)',
    "url('javascript:x')",
    'fill:url(https://evil.example/a)',
    '@import url(x.css)',
    'x:expression(alert(1))',
    'data:text/html,<script>alert(1)</script>',
    '"><script>alert(1)</script>',
    "x' onload='y",
    'u\\72l(x)',
  ];
  const texts = ['', ' ', 'FanGrid', '<script>alert(1)</script>', 'a & b', '"quoted"', 'onload=1', ']]>'];
  const esc = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

  type Tree = { name: string; attrs: Array<[string, string]>; children: Array<Tree | string> };
  const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
    node: fc.record({
      name: fc.constantFrom(...elementNames),
      attrs: fc.uniqueArray(fc.tuple(fc.constantFrom(...attributeNames), fc.constantFrom(...attributeValues)), {
        maxLength: 4,
        selector: ([name]) => name,
      }),
      children: fc.array(fc.oneof({ depthSize: 'small' }, fc.constantFrom(...texts), tie('node')), { maxLength: 4 }),
    }),
  })).node;
  const toXml = (t: Tree): string =>
    `<${t.name}${t.attrs.map(([n, v]) => ` ${n}="${esc(v)}"`).join('')}>${t.children
      .map((c) => (typeof c === 'string' ? esc(c) : toXml(c)))
      .join('')}</${t.name}>`;

  const allowed = new Set([
    'svg',
    'g',
    'path',
    'rect',
    'text',
    'tspan',
    'use',
    'defs',
    'linearGradient',
    'stop',
    'title',
  ]);
  const allowedAttrs = new Set(['fill', 'd', 'id', 'class', 'transform', 'href', 'style', 'width', 'values']);

  it('never outputs script, foreignObject, on* handlers, javascript: or outside links (property)', () => {
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 4 }), (children) => {
        const source = `${open}${children.map(toXml).join('')}</svg>`;
        const out = sanitizeSvg(source);
        expect(out).not.toMatch(/<script/i);
        expect(out).not.toMatch(/foreignObject/i);
        expect(out).not.toMatch(/javascript:|vbscript:/i);
        for (const tag of out.match(/<[^>]*>/g) ?? []) {
          // Attribute names only (a value is always in double quotes, with " escaped inside).
          expect(tag.replace(/"[^"]*"/g, '""')).not.toMatch(/\son[a-z]*\s*=/i);
          expect(tag).not.toMatch(/evil\.example|data:|@import|expression\(/i);
        }
        // The output is itself well-formed SVG made only of allowed elements and attributes.
        const doc = new DOMParser({
          onError: (level, msg) => {
            if (level !== 'warning') throw new Error(msg);
          },
        }).parseFromString(out, 'image/svg+xml');
        const walk = (el: Element) => {
          expect(allowed.has(el.localName ?? '')).toBe(true);
          for (let i = 0; i < el.attributes.length; i++) {
            const attr = el.attributes.item(i);
            if (attr && attr.name !== 'xmlns') expect(allowedAttrs.has(attr.name), attr.name).toBe(true);
            if (attr?.name === 'href') expect(attr.value).toMatch(/^#/);
          }
          for (let i = 0; i < el.childNodes.length; i++) {
            const child = el.childNodes.item(i);
            if (child?.nodeType === 1) walk(child as unknown as Element);
          }
        };
        walk(doc.documentElement as unknown as Element);
        // Sanitizing is stable: cleaning the clean output changes nothing.
        expect(sanitizeSvg(out)).toBe(out);
      }),
      { numRuns: 300 },
    );
  });
});

describe('inspectImage: the type comes from the bytes', () => {
  it('recognises PNG, JPEG, GIF and WEBP signatures and nothing else', () => {
    expect(sniffRaster(tinyPng())).toBe('png');
    expect(sniffRaster(tinyJpeg())).toBe('jpg');
    expect(sniffRaster(tinyGif())).toBe('gif');
    expect(sniffRaster(tinyWebp())).toBe('webp');
    expect(sniffRaster(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))).toBeUndefined();
    expect(sniffRaster(Buffer.from('RIFF....WAVEfmt '))).toBeUndefined();
    expect(sniffRaster(Buffer.from('<html>'))).toBeUndefined();
  });

  it('accepts images, sanitizes SVG, refuses everything else', () => {
    expect(inspectImage(tinyPng())).toMatchObject({ ok: true, ext: 'png', contentType: 'image/png' });
    const svg = inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="x()"><rect/></svg>'));
    expect(svg).toMatchObject({ ok: true, ext: 'svg', contentType: 'image/svg+xml' });
    expect(svg.ok && Buffer.from(svg.bytes).toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
    expect(inspectImage(Buffer.alloc(0))).toEqual({ ok: false, reason: 'empty' });
    expect(inspectImage(pngOfSize(5_242_881))).toEqual({ ok: false, reason: 'too-large' });
    expect(inspectImage(Buffer.from('<!doctype html><html><script>x</script></html>'))).toEqual({
      ok: false,
      reason: 'wrong-type',
    });
    expect(inspectImage(Buffer.from([0xff, 0xfe, 0x3c, 0x00, 0x73, 0x00]))).toEqual({
      ok: false,
      reason: 'wrong-type',
    });
    expect(inspectImage(Buffer.from('%PDF-1.7'))).toEqual({ ok: false, reason: 'wrong-type' });
    expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>'))).toEqual({
      ok: false,
      reason: 'bad-svg',
    });
  });
});
