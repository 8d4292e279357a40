import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkIcon, ICON_MAX_BYTES } from '../src/modules/admin/check-icon.ts';
import { AppError } from '../src/platform/app-error.ts';
import { translate } from '../src/i18n/catalogue.ts';

/** A real PNG of the given size (grey pixels), chunks with correct CRCs. */
function png(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 0;
  const raw = Buffer.alloc((width + 1) * Math.min(height, 4), 0x80);
  return new Uint8Array(Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]));
}
const bytes = (s: string) => new TextEncoder().encode(s);
const refusal = (input: Uint8Array): AppError => {
  try { checkIcon(input); } catch (err) { if (err instanceof AppError) return err; throw err; }
  throw new Error('accepted');
};
const text = (b: Uint8Array) => new TextDecoder().decode(b);

const icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g"><stop offset="0" stop-color="#1677ff"/></linearGradient></defs>'
  + '<path d="M2 12h20" fill="url(#g)" stroke-width="2"/><use href="#g"/></svg>';

describe('icon upload checks', () => {
  it('accepts a PNG by its content and keeps its bytes', () => {
    const p = png(64, 64);
    expect(checkIcon(p)).toEqual({ type: 'image/png', bytes: p });
  });

  it('accepts a clean SVG, keeping its drawing (case of viewBox, fragment references)', () => {
    const out = checkIcon(bytes(`<?xml version="1.0"?>\n<!-- exported -->\n${icon}`));
    expect(out.type).toBe('image/svg+xml');
    expect(text(out.bytes)).toContain('viewBox="0 0 24 24"');
    expect(text(out.bytes)).toContain('fill="url(#g)"');
    expect(text(out.bytes)).toContain('<use href="#g"');
  });

  it.each([
    ['a script element', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg"><rect onload="alert(1)"/></svg>'],
    ['an upper-case event handler', '<svg xmlns="http://www.w3.org/2000/svg" ONLOAD="alert(1)"></svg>'],
    ['a foreign object', '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div>x</div></foreignObject></svg>'],
    ['an external image', '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/t.png"/></svg>'],
    ['an external use', '<svg xmlns="http://www.w3.org/2000/svg"><use xlink:href="https://evil.example/s.svg#a"/></svg>'],
    ['a javascript link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>'],
    ['an external url() in a style', '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.example/x)"/></svg>'],
    ['an @import', '<svg xmlns="http://www.w3.org/2000/svg"><style>@import "https://evil.example/a.css";</style></svg>'],
    ['an entity definition', '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'],
  ])('refuses an SVG with %s, in both languages', (_, svg) => {
    const err = refusal(bytes(svg));
    expect([err.ecode, err.status]).toEqual(['IMAGE_UNSAFE', 422]);
    expect(translate(err.messageKey, 'zh')).toBe('图片含有脚本或外部引用，已拒绝');
  });

  it('refuses what is not a PNG or an SVG, whatever it is called', () => {
    for (const input of [bytes('GIF89a....'), bytes('<html><body>hi</body></html>'), new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      png(8, 8).subarray(0, 40)]) {
      const err = refusal(input);
      expect([err.ecode, err.messageKey]).toEqual(['UNSUPPORTED_MEDIA_TYPE', 'IMAGE_NOT_PNG_OR_SVG']);
    }
    expect(translate('IMAGE_NOT_PNG_OR_SVG', 'en')).toBe('Only PNG or SVG images can be uploaded');
  });

  it('refuses a file over the size limit and a PNG too many pixels wide', () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    big.set(png(8, 8));
    const err = refusal(big);
    expect([err.ecode, translate(err.messageKey, 'en', err.params)]).toEqual(['PAYLOAD_TOO_LARGE', `The image must not exceed ${ICON_MAX_BYTES / 1024} KB`]);
    expect(refusal(png(20_000, 20_000)).messageKey).toBe('IMAGE_TOO_WIDE');
  });
});
