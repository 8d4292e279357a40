import sanitize from 'sanitize-html';
import { AppError } from '../../platform/app-error.ts';

/** Largest icon file accepted, in bytes. */
export const ICON_MAX_BYTES = 256 * 1024;
/** Largest PNG icon, in pixels per side (a bigger one is a decompression bomb, not an icon). */
export const ICON_MAX_PIXELS = 1024;

/** An accepted icon: its type, found from the content, and the bytes to store (an SVG sanitised). */
export interface CheckedIcon {
  type: 'image/png' | 'image/svg+xml';
  bytes: Uint8Array;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Checks an uploaded icon by its content, never its name or declared type: a PNG (signature, header and end chunk,
 * at most ICON_MAX_PIXELS a side) or an SVG. An SVG with script, event handlers, foreign objects or references to
 * anything outside itself is refused; an accepted one is sanitised to an allow-list. Pure: no I/O.
 */
export function checkIcon(bytes: Uint8Array): CheckedIcon {
  if (bytes.length > ICON_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'IMAGE_TOO_LARGE', { limit: ICON_MAX_BYTES / 1024 });
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return { type: 'image/png', bytes: checkPng(bytes) };
  const text = svgText(bytes);
  if (text === null) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'IMAGE_NOT_PNG_OR_SVG');
  return { type: 'image/svg+xml', bytes: new TextEncoder().encode(sanitizeSvg(text)) };
}

function checkPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  const wellFormed = bytes.length >= 8 + 25 + 12 && view.getUint32(8) === 13 && ascii(12) === 'IHDR'
    && ascii(bytes.length - 8) === 'IEND';
  if (!wellFormed) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'IMAGE_NOT_PNG_OR_SVG');
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'IMAGE_NOT_PNG_OR_SVG');
  if (width > ICON_MAX_PIXELS || height > ICON_MAX_PIXELS) {
    throw new AppError('VALIDATION_FAILED', 'IMAGE_TOO_WIDE', { limit: ICON_MAX_PIXELS });
  }
  return bytes;
}

/** The text of an SVG document (UTF-8, root element `svg`), or null when the bytes are no SVG. */
function svgText(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // Skip an XML declaration, comments and a doctype; the first element must be <svg>.
  const start = text.replace(/^\uFEFF/, '').replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)*/i, '');
  return /^<svg[\s>]/.test(start) ? text : null;
}

const SVG_TAGS = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline',
  'polygon', 'text', 'tspan', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'style',
  'filter', 'feGaussianBlur', 'feOffset', 'feBlend', 'feColorMatrix', 'feMerge', 'feMergeNode', 'feFlood', 'feComposite',
];
const SVG_ATTRIBUTES = [
  'id', 'class', 'style', 'xmlns', 'xmlns:xlink', 'version', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2',
  'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'd', 'points', 'fill', 'fill-opacity', 'fill-rule', 'clip-rule', 'stroke',
  'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset',
  'stroke-opacity', 'opacity', 'transform', 'preserveAspectRatio', 'offset', 'stop-color', 'stop-opacity',
  'gradientUnits', 'gradientTransform', 'spreadMethod', 'fx', 'fy', 'clip-path', 'clipPathUnits', 'mask',
  'maskUnits', 'patternUnits', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'dominant-baseline',
  'href', 'xlink:href', 'filter', 'stdDeviation', 'dx', 'dy', 'in', 'in2', 'result', 'mode', 'values', 'type',
  'flood-color', 'flood-opacity', 'operator', 'k1', 'k2', 'k3', 'k4', 'filterUnits', 'display', 'visibility',
];
const FORBIDDEN_TAGS = new Set(['script', 'foreignobject', 'iframe', 'object', 'embed', 'image', 'feimage', 'a', 'animate',
  'set', 'animatemotion', 'animatetransform', 'handler', 'listener']);
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);

/** Refuses, then sanitises, an SVG document. */
export function sanitizeSvg(text: string): string {
  // Entity definitions can expand without bound; external references can load content or track who opens the icon.
  if (/<!ENTITY/i.test(text) || /@import|javascript:|url\(\s*['"]?(?!#)/i.test(text)) throw unsafe();
  let refused = false;
  const clean = sanitize(text, {
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    allowVulnerableTags: true,
    nonTextTags: ['script', 'textarea', 'option', 'noscript', 'foreignObject'],
    onOpenTag(name, attribs) {
      if (FORBIDDEN_TAGS.has(name.toLowerCase())) refused = true;
      for (const [attr, value] of Object.entries(attribs)) {
        const a = attr.toLowerCase();
        if (a.startsWith('on')) refused = true;
        if (LINK_ATTRIBUTES.has(a) && !value.trim().startsWith('#')) refused = true;
      }
    },
    // Keep fragment links (#id) only; the checks above refused any other before this runs.
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
  });
  if (refused) throw unsafe();
  return clean;
}

const unsafe = () => new AppError('IMAGE_UNSAFE', 'IMAGE_UNSAFE');
