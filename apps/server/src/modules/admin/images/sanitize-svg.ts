import { SaxesParser, type SaxesTagNS } from 'saxes';

import { AppError } from '../../../platform/app-error.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** SVG elements an icon or a logo draws with; any other SVG or foreign element is dropped with its content. */
const ELEMENTS = new Set([
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
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'style',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feMerge',
  'feMergeNode',
  'feFlood',
  'feComposite',
]);

/** Attributes (without a namespace) kept on those elements; any other is dropped. */
const ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'version',
  'viewBox',
  'width',
  'height',
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
  'd',
  'points',
  'pathLength',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'transform',
  'preserveAspectRatio',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'fx',
  'fy',
  'fr',
  'clip-path',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'marker-start',
  'marker-mid',
  'marker-end',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
  'href',
  'filter',
  'stdDeviation',
  'dx',
  'dy',
  'in',
  'in2',
  'result',
  'mode',
  'values',
  'type',
  'flood-color',
  'flood-opacity',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'filterUnits',
  'primitiveUnits',
  'color-interpolation-filters',
  'display',
  'visibility',
  'color',
  'overflow',
  'vector-effect',
  'shape-rendering',
  'paint-order',
  'media',
]);

/**
 * Refused wherever they appear (any namespace, any case): elements that run script, embed other documents or
 * content, load outside resources, or change attributes over time (an animation can set an href to javascript:).
 */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'image',
  'feimage',
  'a',
  'animate',
  'set',
  'animatemotion',
  'animatetransform',
  'animatecolor',
  'discard',
  'handler',
  'listener',
  'audio',
  'video',
  'canvas',
  'html',
  'body',
  'link',
  'meta',
  'base',
]);

/** The result of reading an SVG: null when the bytes are no SVG document at all (root element not `svg`). */
export type SvgText = string | null;

/**
 * Reads an uploaded SVG with a conforming XML parser (saxes: well-formedness, namespaces, no DTD processing) and
 * writes it out again from an allow-list: SVG elements and attributes that draw, fragment references (#id) only,
 * text escaped, no comments, processing instructions, doctype or CDATA sections. What can run script or reach
 * outside the file is refused (IMAGE_UNSAFE) rather than silently cut: script and foreign elements, on* attributes,
 * javascript: anywhere, links and url() to anything but #id, CSS other than plain rules (no @-rules, escapes or
 * resource functions), a DOCTYPE with an internal subset (entity definitions). A document that is not well-formed
 * XML is refused with a 400 saying where it breaks. Returns null when the document's root is not `svg`.
 */
export function sanitizeSvg(text: string): SvgText {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const out: string[] = [];
  // One entry per open element: its name when it is written out, null when dropped (and so is all inside it).
  const open: Array<string | null> = [];
  // The element written last has not had its start tag closed yet (so an empty one can be written as <x/>).
  let startPending = false;
  let rootSeen = false;
  let rootIsSvg = false;
  let usesXlink = false;
  let rootAttributesAt = -1;

  const closeStart = () => {
    if (startPending) out.push('>');
    startPending = false;
  };
  const writing = () => open.length > 0 && open[open.length - 1] !== null;
  const inStyle = () => open[open.length - 1] === 'style';

  parser.on('doctype', (doctype) => {
    // Entity definitions live in the internal subset: they can expand without bound or hide markup.
    if (doctype.includes('[')) throw unsafe();
  });
  parser.on('opentagstart', (tag) => {
    if (rootSeen) return;
    rootSeen = true;
    rootIsSvg = localOf(tag.name) === 'svg';
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const name = tag.local;
    const isSvg = tag.uri === SVG_NS || tag.uri === '';
    const root = open.length === 0;
    if (root && !(isSvg && name === 'svg')) throw new NotSvg();
    if (FORBIDDEN_ELEMENTS.has(name.toLowerCase())) throw unsafe();
    const keep = (root || writing()) && isSvg && ELEMENTS.has(name);
    const attributes: string[] = [];
    for (const attribute of Object.values(tag.attributes)) {
      const kept = checkAttribute(attribute.uri, attribute.local, attribute.value);
      if (!kept || !keep) continue;
      if (kept === 'xlink:href') usesXlink = true;
      attributes.push(` ${kept}="${escapeAttribute(attribute.value)}"`);
    }
    open.push(keep ? name : null);
    if (!keep) return;
    closeStart();
    out.push(`<${name}`);
    if (root) {
      out.push(` xmlns="${SVG_NS}"`);
      rootAttributesAt = out.length;
      out.push('');
    }
    out.push(...attributes);
    startPending = true;
  });
  parser.on('text', (value) => {
    if (!writing()) return;
    if (inStyle()) checkCss(value);
    closeStart();
    out.push(escapeText(value));
  });
  parser.on('cdata', (value) => {
    if (!writing()) return;
    // A CDATA section is plain text: it is checked as such and written escaped, so it can end nothing early.
    if (inStyle()) checkCss(value);
    closeStart();
    out.push(escapeText(value));
  });
  parser.on('closetag', () => {
    const kept = open.pop();
    if (kept === null || kept === undefined) return;
    if (startPending) {
      out.push('/>');
      startPending = false;
    } else {
      out.push(`</${kept}>`);
    }
  });
  parser.on('error', (err) => {
    throw new Malformed(err.message);
  });

  try {
    parser.write(text.replace(/^\uFEFF/, '')).close();
  } catch (err) {
    if (err instanceof NotSvg) return null;
    if (err instanceof Malformed) {
      // Bytes that never opened an <svg> element are some other file, not a broken SVG.
      if (!rootIsSvg) return null;
      throw new AppError('VALIDATION_FAILED', 'IMAGE_SVG_MALFORMED', { where: err.where });
    }
    throw err;
  }
  if (!rootSeen) return null;
  if (usesXlink) out[rootAttributesAt] = ` xmlns:xlink="${XLINK_NS}"`;
  return out.join('');
}

/**
 * Checks one attribute: refuses what could run script or load something, and returns the name to write it under
 * (null: dropped — namespace declarations are written afresh, editors' own attributes go).
 */
function checkAttribute(uri: string, local: string, value: string): string | null {
  if (local.toLowerCase().startsWith('on')) throw unsafe();
  // Browsers ignore control characters and white space inside a scheme ("java\tscript:"); so does this check.
  // eslint-disable-next-line no-control-regex
  const squeezed = value.replace(/[\u0000-\u0020\u007f-\u00a0]+/g, '').toLowerCase();
  if (/(java|vb)script:/.test(squeezed)) throw unsafe();
  if (uri === XMLNS_NS || (uri === '' && local === 'xmlns')) return null;
  if (local === 'href' || local === 'src') {
    // Only a reference to an element of this file: anything else fetches or navigates.
    if (!value.trim().startsWith('#')) throw unsafe();
  }
  checkUrls(value);
  if (local === 'style' && uri === '') checkCss(value);
  if (uri === XLINK_NS && local === 'href') return 'xlink:href';
  if (uri === XML_NS && local === 'space') return 'xml:space';
  return uri === '' && ATTRIBUTES.has(local) ? local : null;
}

/** Every url() in a presentation attribute or CSS must name an element of this file (url(#id)). */
function checkUrls(value: string): void {
  for (const m of value.matchAll(/url\s*\(\s*(['"]?)\s*([^)'"]*)/gi)) {
    if (!(m[2] ?? '').startsWith('#')) throw unsafe();
  }
}

/**
 * Plain CSS rules only: no @-rules (@import, @font-face …), no escapes (which could spell a refused word), no
 * markup, and no function that loads a resource other than url(#id).
 */
function checkCss(css: string): void {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, ' ');
  if (/[\\<@]/.test(plain)) throw unsafe();
  if (/(image-set|image|cross-fade|element|src|expression)\s*\(|-moz-binding|behavior\s*:/i.test(plain)) throw unsafe();
  checkUrls(plain);
}

const localOf = (name: string) => name.slice(name.indexOf(':') + 1);
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) =>
  escapeText(s).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');

class NotSvg extends Error {}
class Malformed extends Error {
  /** "line:column" of the first error, from the parser's message ("3:14: unclosed tag: g."). */
  readonly where: string;
  constructor(message: string) {
    super(message);
    this.where = /^(\d+:\d+)/.exec(message)?.[1] ?? '?';
  }
}

const unsafe = () => new AppError('IMAGE_UNSAFE', 'IMAGE_UNSAFE');
