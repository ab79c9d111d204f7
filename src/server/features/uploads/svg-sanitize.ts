import { DOMParser } from '@xmldom/xmldom';

/**
 * An allowlist SVG sanitizer over a parsed XML tree (xmldom). The output is written from scratch by
 * `serialize`, never by echoing the input: only listed SVG elements and attributes survive, every value
 * is escaped, and anything that could run script or load something (script, foreignObject, animation,
 * images, on* handlers, links other than '#fragment', url(...) other than url(#fragment), CSS at-rules
 * and escapes) is dropped. Documents with entity declarations are refused (no entity expansion tricks).
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Why a file that claimed to be SVG was refused. */
export class SvgRejected extends Error {
  constructor(
    readonly reason: 'not-svg' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'SvgRejected';
  }
}

/** Static graphics only: no script, foreignObject, image, animation, a/switch (unwrapped), iframe, etc. */
const allowedElements = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'style',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
]);

/** Containers whose children are kept in their place while the element itself goes (links, switches). */
const unwrappedElements = new Set(['a', 'switch']);

/** Elements whose text is content (everything else keeps no text: whitespace between shapes means nothing). */
const textElements = new Set(['text', 'tspan', 'textPath', 'title', 'desc', 'style']);

/** Geometry, paint and text attributes. No on*, no href other than a checked fragment, no xml:base. */
const allowedAttributes = new Set([
  'id',
  'class',
  'style',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'dx',
  'dy',
  'd',
  'points',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'version',
  'pathLength',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'paint-order',
  'font-family',
  'font-size',
  'font-size-adjust',
  'font-stretch',
  'font-style',
  'font-variant',
  'font-weight',
  'text-anchor',
  'text-decoration',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'writing-mode',
  'direction',
  'unicode-bidi',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'marker-start',
  'marker-mid',
  'marker-end',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'type',
  'values',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'radius',
  'order',
  'kernelMatrix',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'kernelUnitLength',
  'preserveAlpha',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'azimuth',
  'elevation',
  'z',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'href',
]);

/** Bounds on what a logo may be, so a hostile file cannot cost much time or stack. */
const MAX_DEPTH = 64;
const MAX_ELEMENTS = 20_000;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

const fragmentRef = /^#[A-Za-z_][\w.:-]*$/;
const scriptScheme = /(?:java|vb|live)script\s*:/i;

/** CSS (a style attribute or a <style> element) that can load nothing and run nothing. */
export function isSafeCss(css: string): boolean {
  // Escapes and comments can spell anything (u\72l, u/**/rl); at-rules import and load fonts.
  if (css.includes('\\') || css.includes('/*') || css.includes('@')) return false;
  if (scriptScheme.test(css) || /expression\s*\(|-moz-binding|behavior\s*:/i.test(css)) return false;
  // Image functions other than url() take plain strings as addresses.
  if (/(?:image-set|image|cross-fade|element|src)\s*\(/i.test(css)) return false;
  return allUrlsAreFragments(css);
}

/** Every url(...) in the value points inside the document (url(#id)), so nothing outside is fetched. */
function allUrlsAreFragments(value: string): boolean {
  const urls = value.match(/url\s*\(/gi)?.length ?? 0;
  if (urls === 0) return true;
  const fragments = value.match(/url\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)/gi)?.length ?? 0;
  return urls === fragments;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** The attribute as it may be written, or undefined when it must go. */
function cleanAttribute(attr: Attr): { name: string; value: string } | undefined {
  let name: string;
  if (attr.namespaceURI === XLINK_NS && attr.localName === 'href') name = 'href';
  else if (attr.namespaceURI === null || attr.namespaceURI === '') name = attr.localName ?? attr.name;
  else return undefined; // xmlns declarations, xml:*, editor namespaces (inkscape:, sodipodi:)
  if (!allowedAttributes.has(name)) return undefined;
  const value = attr.value;
  // No markup, no script or data: addresses in any value, whatever the attribute means.
  if (value.length > 100_000 || value.includes('<') || scriptScheme.test(value) || /\bdata\s*:/i.test(value)) {
    return undefined;
  }
  if (name === 'href') return fragmentRef.test(value.trim()) ? { name, value: value.trim() } : undefined;
  // Presentation attributes are CSS values (fill="url(…)"), so every value passes the CSS check.
  return isSafeCss(value) ? { name, value } : undefined;
}

interface Budget {
  elements: number;
}

function serializeChildren(node: Node, parentName: string, depth: number, budget: Budget): string {
  let out = '';
  const children = node.childNodes;
  for (let i = 0; i < children.length; i++) {
    const child = children.item(i);
    if (!child) continue;
    if (child.nodeType === TEXT_NODE || child.nodeType === CDATA_SECTION_NODE) {
      if (textElements.has(parentName)) out += escapeText((child as CharacterData).data);
    } else if (child.nodeType === ELEMENT_NODE) {
      out += serializeElement(child as Element, parentName, depth + 1, budget);
    }
    // Comments, processing instructions and anything else are dropped.
  }
  return out;
}

function serializeElement(el: Element, parentName: string, depth: number, budget: Budget): string {
  if (depth > MAX_DEPTH) throw new SvgRejected('unreadable', 'SVG nested too deeply');
  budget.elements += 1;
  if (budget.elements > MAX_ELEMENTS) throw new SvgRejected('unreadable', 'SVG has too many elements');
  if (el.namespaceURI !== SVG_NS) return '';
  const name = el.localName ?? '';
  if (unwrappedElements.has(name)) return serializeChildren(el, parentName, depth, budget);
  if (!allowedElements.has(name)) return '';
  // Each name once: `href` and `xlink:href` on one element both come out as href (SVG 2 reads the plain
  // one first), and writing both would make the output ill-formed XML that no browser renders.
  const kept = new Map<string, string>();
  for (let i = 0; i < el.attributes.length; i++) {
    const attr = el.attributes.item(i);
    const clean = attr && cleanAttribute(attr);
    if (!clean) continue;
    const plainHref = clean.name === 'href' && attr.namespaceURI !== XLINK_NS;
    if (!kept.has(clean.name) || plainHref) kept.set(clean.name, clean.value);
  }
  let attrs = depth === 0 ? ` xmlns="${SVG_NS}"` : '';
  for (const [attrName, value] of kept) attrs += ` ${attrName}="${escapeAttr(value)}"`;
  if (name === 'style') {
    const css = el.textContent ?? '';
    if (!isSafeCss(css)) return '';
    return css.trim() ? `<style${attrs}>${escapeText(css)}</style>` : '';
  }
  const inner = serializeChildren(el, name, depth, budget);
  return inner ? `<${name}${attrs}>${inner}</${name}>` : `<${name}${attrs}/>`;
}

/** The name of the first element, skipping an XML declaration, comments, PIs and a doctype. */
function rootElementName(source: string): string | undefined {
  const m =
    /^\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>\s*)*<([A-Za-z_][\w:.-]*)/i.exec(
      source,
    );
  const name = m?.[1];
  return name?.includes(':') ? name.split(':').pop() : name;
}

/** True when the text starts like an SVG document (its first element is <svg>). */
export function looksLikeSvg(source: string): boolean {
  return rootElementName(source.replace(/^\uFEFF/, '')) === 'svg';
}

/**
 * Parses `source` as XML and writes a clean SVG. Throws SvgRejected('not-svg') when the root is not
 * <svg> (e.g. HTML), SvgRejected('unreadable') for malformed XML, entity declarations or excess size.
 */
export function sanitizeSvg(source: string): string {
  const text = source.replace(/^\uFEFF/, '');
  if (!looksLikeSvg(text)) throw new SvgRejected('not-svg', 'not an SVG document');
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) {
    throw new SvgRejected('unreadable', 'SVG with entity declarations');
  }
  let doc: Document;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text, 'image/svg+xml') as unknown as Document;
  } catch {
    throw new SvgRejected('unreadable', 'malformed SVG');
  }
  const root = doc.documentElement;
  if (root?.localName !== 'svg' || root.namespaceURI !== SVG_NS) {
    throw new SvgRejected('not-svg', 'the root element is not <svg>');
  }
  return serializeElement(root, '', 0, { elements: 0 });
}
