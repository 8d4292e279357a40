import zlib from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { translate } from '../../src/i18n/catalogue.ts';
import { checkIcon, ICON_MAX_BYTES } from '../../src/modules/admin/images/check-icon.ts';
import { checkPicture } from '../../src/modules/admin/images/check-picture.ts';
import { AppError } from '../../src/platform/app-error.ts';
import { createTestApp, testDialects, type TestApp } from '../helpers/test-app.ts';

/** A real PNG of the given size (grey pixels), chunks with correct CRCs. */
function png(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const raw = Buffer.alloc((width + 1) * Math.min(height, 4), 0x80);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', zlib.deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}
const bytes = (s: string) => new TextEncoder().encode(s);
const refusal = (input: Uint8Array): AppError => {
  try {
    checkIcon(input);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('accepted');
};
const text = (b: Uint8Array) => new TextDecoder().decode(b);

const icon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g"><stop offset="0" stop-color="#1677ff"/></linearGradient></defs>' +
  '<path d="M2 12h20" fill="url(#g)" stroke-width="2"/><use href="#g"/></svg>';

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
    [
      'an external use',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="https://evil.example/s.svg#a"/></svg>',
    ],
    ['a javascript link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>'],
    [
      'an external url() in a style',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.example/x)"/></svg>',
    ],
    [
      'an @import',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import "https://evil.example/a.css";</style></svg>',
    ],
    [
      'an entity definition',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
    ],
  ])('refuses an SVG with %s, in both languages', (_, svg) => {
    const err = refusal(bytes(svg));
    expect([err.ecode, err.status]).toEqual(['IMAGE_UNSAFE', 422]);
    expect(translate(err.messageKey, 'zh')).toBe('图片含有脚本或外部引用，已拒绝');
  });

  it('refuses what is not a PNG or an SVG, whatever it is called', () => {
    for (const input of [
      bytes('GIF89a....'),
      bytes('<html><body>hi</body></html>'),
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      png(8, 8).subarray(0, 40),
    ]) {
      const err = refusal(input);
      expect([err.ecode, err.messageKey]).toEqual(['UNSUPPORTED_MEDIA_TYPE', 'IMAGE_NOT_PNG_OR_SVG']);
    }
    expect(translate('IMAGE_NOT_PNG_OR_SVG', 'en')).toBe('Only PNG or SVG images can be uploaded');
  });

  it('refuses a file over the size limit and a PNG too many pixels wide', () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    big.set(png(8, 8));
    const err = refusal(big);
    expect([err.ecode, translate(err.messageKey, 'en', err.params)]).toEqual([
      'PAYLOAD_TOO_LARGE',
      `The image must not exceed ${ICON_MAX_BYTES / 1024} KB`,
    ]);
    expect(refusal(png(20_000, 20_000)).messageKey).toBe('IMAGE_TOO_WIDE');
  });
});

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">';
const svgOf = (inner: string) => `${SVG_OPEN}${inner}</svg>`;

/** Uploads that can run script or reach outside the file: each is refused and nothing is stored. */
const HOSTILE: Array<[string, string]> = [
  [
    'a script hidden in a CDATA section of a style',
    svgOf('<style><![CDATA[</style><script>alert(1)</script><style>]]></style>'),
  ],
  [
    'an entity spelling javascript: in a link',
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY js "javascript:alert(1)">]>' + `${SVG_OPEN}<use href="&js;"/></svg>`,
  ],
  ['an external entity', `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${SVG_OPEN}<text>&x;</text></svg>`],
  [
    'nested entities (a billion laughs)',
    `<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${svgOf('<text>&b;</text>')}`,
  ],
  ['javascript: spelt with character references', svgOf('<use href="&#106;&#x61;vascript:alert(1)"/>')],
  ['javascript: split by a tab', svgOf('<use href="java&#9;script:alert(1)"/>')],
  ['an external xlink:href', svgOf('<use xlink:href="https://evil.example/s.svg#a"/>')],
  [
    'an xlink:href under another prefix',
    svgOf('<use x:href="//evil.example/s.svg#a" xmlns:x="http://www.w3.org/1999/xlink"/>'),
  ],
  ['a data: link', svgOf('<use href="data:image/svg+xml;base64,PHN2Zy8+"/>')],
  ['an <a href="javascript:">', svgOf('<a href="javascript:alert(1)"><rect width="4" height="4"/></a>')],
  ['an <a xlink:href="javascript:">', svgOf('<a xlink:href="javascript:alert(1)"><rect width="4" height="4"/></a>')],
  ['a script under another prefix', svgOf('<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>')],
  ['an XHTML script', svgOf('<g><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script></g>')],
  ['a script inside an element that would be dropped', svgOf('<metadata><script>alert(1)</script></metadata>')],
  [
    'a foreign object',
    svgOf('<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
  ],
  ['an animation setting an href', svgOf('<use href="#a"><set attributeName="href" to="javascript:alert(1)"/></use>')],
  ['an event handler in a namespace', svgOf('<rect x:onclick="alert(1)" xmlns:x="urn:x"/>')],
  ['a mixed-case event handler', svgOf('<rect onMouseOver="alert(1)"/>')],
  ['a CSS escape spelling url(', svgOf('<style>rect { fill: u\\72l(https://evil.example/x) }</style>')],
  ['a CSS image-set', svgOf('<style>rect { fill: image-set("https://evil.example/x.png" 1x) }</style>')],
  ['a CSS @import', svgOf('<style>@import url(https://evil.example/a.css);</style>')],
  ['an external url() in a presentation attribute', svgOf('<rect fill="url(https://evil.example/p.svg#g)"/>')],
];

/** Uploads that are SVGs but not well-formed XML: refused with a 400 saying where. */
const MALFORMED: Array<[string, string]> = [
  ['an unclosed element', `${SVG_OPEN}<g><path d="M0 0h4"/></svg>`],
  ['an undeclared prefix', '<svg xmlns="http://www.w3.org/2000/svg"><use xlink:href="#a"/></svg>'],
  ['an HTML entity', svgOf('<text>a&nbsp;b</text>')],
  ['a duplicate attribute', svgOf('<rect width="1" width="2"/>')],
  ['a truncated file', `${SVG_OPEN}<path d="M0 0`],
];

/** SVGs with markup that is dropped or neutralised: accepted, and what is stored must be inert. */
const CLEANED: Array<[string, string]> = [
  [
    'markup inside a CDATA section of a title',
    svgOf('<title><![CDATA[</title><script>alert(1)</script>]]></title><path d="M0 0h4"/>'),
  ],
  ['a script inside a comment', svgOf('<!-- <script>alert(1)</script> --><path d="M0 0h4"/>')],
  [
    'a stylesheet processing instruction',
    `<?xml-stylesheet href="https://evil.example/x.css"?>${svgOf('<path d="M0 0h4"/>')}`,
  ],
  ['escaped markup in text', svgOf('<text>&lt;script&gt;alert(1)&lt;/script&gt;</text>')],
  [
    'editor metadata and attributes',
    `${SVG_OPEN.replace('>', ' xmlns:ed="urn:editor">')}<metadata><ed:x>1</ed:x></metadata>` +
      '<g ed:label="layer" data-x="1"><path d="M0 0h4"/></g></svg>',
  ],
];

const xml = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: '#cdata',
  commentPropName: '#comment',
  processEntities: true,
  htmlEntities: true,
});
type XmlNode = Record<string, unknown>;

/** Every element of a parsed document, depth first: its name, attributes and direct text. */
function elements(doc: string): Array<{ name: string; attributes: Record<string, string>; text: string }> {
  const found: Array<{ name: string; attributes: Record<string, string>; text: string }> = [];
  const walk = (nodes: XmlNode[]) => {
    for (const node of nodes) {
      const name = Object.keys(node).find((k) => k !== ':@');
      if (!name || name.startsWith('#') || name.startsWith('?')) continue;
      const children = node[name] as XmlNode[];
      const text = children.map((c) => (typeof c['#text'] === 'string' ? c['#text'] : '')).join('');
      found.push({ name, attributes: (node[':@'] ?? {}) as Record<string, string>, text });
      walk(children);
    }
  };
  walk(xml.parse(doc) as XmlNode[]);
  return found;
}

/** What a browser could run or fetch from a stored SVG: none of it may be there. */
function expectInert(stored: string) {
  expect(XMLValidator.validate(stored)).toBe(true);
  expect(stored).not.toContain('<![CDATA[');
  expect(stored).not.toContain('<!');
  expect(stored).not.toContain('<?');
  const all = elements(stored);
  expect(all[0]?.name).toBe('svg');
  expect(all[0]?.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
  for (const { name, attributes } of all) {
    expect(name.replace(/^.*:/, '').toLowerCase()).not.toMatch(
      /^(script|foreignobject|a|iframe|image|animate|set|metadata)$/,
    );
    for (const [attr, value] of Object.entries(attributes)) {
      expect(attr.replace(/^.*:/, '').toLowerCase()).not.toMatch(/^on/);
      // eslint-disable-next-line no-control-regex
      expect(value.replace(/[\u0000-\u0020]/g, '').toLowerCase()).not.toContain('javascript:');
      if (/(^|:)href$/.test(attr)) expect(value).toMatch(/^#/);
      for (const m of value.matchAll(/url\(([^)]*)\)/g)) expect(m[1]).toMatch(/^['"]?#/);
    }
  }
  expect(stored.toLowerCase()).not.toContain('javascript:');
  expect(stored).not.toContain('evil.example');
}

/** A realistic icon as an editor exports it: prolog, doctype, comments, editor metadata, a stylesheet, gradients. */
const GOOD_ICON = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" width="64" height="64" viewBox="0 0 64 64" version="1.1">
  <sodipodi:namedview id="base" pagecolor="#ffffff" inkscape:zoom="8"/>
  <metadata><rdf:RDF><rdf:Description rdf:about="">Library icon</rdf:Description></rdf:RDF></metadata>
  <title>图书馆 &amp; Library</title>
  <style type="text/css">.st0{fill:#1677ff;} .st1 { fill: url(#shine); opacity: .8 } /* exported */</style>
  <defs>
    <linearGradient id="base-gradient" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#69b1ff"/><stop offset="1" stop-color="#0958d9" stop-opacity="0.9"/>
    </linearGradient>
    <linearGradient id="shine" xlink:href="#base-gradient" gradientTransform="rotate(45)"/>
    <clipPath id="round"><circle cx="32" cy="32" r="30"/></clipPath>
    <path id="book" d="M16 14h14a4 4 0 0 1 4 4v32a3 3 0 0 0-3-3H16z"/>
  </defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" clip-path="url(#round)">
    <rect width="64" height="64" rx="12" fill="url('#base-gradient')"/>
    <use xlink:href="#book" class="st0"/>
    <use href="#book" transform="matrix(-1 0 0 1 64 0)" style="fill:#ffffff;fill-opacity:0.85"/>
    <path class="st1" d="m 20,22 h 10 M 20,28 h 10 M 20,34 h 8" stroke="#fff" stroke-width="2" stroke-linecap="round"/>
    <polygon points="32,50 28,56 36,56" fill="#fff"/>
    <text x="32" y="62" font-size="6" text-anchor="middle">图书馆</text>
  </g>
</svg>
`;

describe('SVG icons are read by an XML parser and written out from an allow-list', () => {
  it.each(HOSTILE)('refuses an SVG with %s', (_, svg) => {
    const err = refusal(bytes(svg));
    expect([err.ecode, err.status]).toEqual(['IMAGE_UNSAFE', 422]);
  });

  it.each(MALFORMED)('refuses an SVG with %s as not well-formed, saying where', (_, svg) => {
    const err = refusal(bytes(svg));
    expect([err.ecode, err.status, err.messageKey]).toEqual(['VALIDATION_FAILED', 400, 'IMAGE_SVG_MALFORMED']);
    expect(translate(err.messageKey, 'en', err.params)).toMatch(
      /^The SVG file is not well-formed XML \(it breaks at \d+:\d+, line:column\)$/,
    );
    expect(translate(err.messageKey, 'zh', err.params)).toMatch(/^SVG 文件不是格式正确的 XML/);
  });

  it.each(CLEANED)('keeps an SVG with %s inert', (_, svg) => {
    expectInert(text(checkIcon(bytes(svg)).bytes));
  });

  it('gives an enterprise picture the same refusals and the same clean-up', () => {
    const [, cdata] = HOSTILE[0]!;
    expect(() => checkPicture(bytes(cdata))).toThrow(expect.objectContaining({ ecode: 'IMAGE_UNSAFE' }));
    expect(() => checkPicture(bytes(MALFORMED[0]![1]))).toThrow(
      expect.objectContaining({ ecode: 'VALIDATION_FAILED' }),
    );
    expectInert(text(checkPicture(bytes(CLEANED[0]![1])).bytes));
  });

  it('keeps a realistic icon drawing the same: every path, shape, gradient, reference and style', () => {
    const stored = text(checkIcon(bytes(GOOD_ICON)).bytes);
    expectInert(stored);
    const drawn = (doc: string) =>
      elements(doc)
        .filter((e) => !/^(sodipodi|inkscape|rdf):|^metadata$/.test(e.name))
        .map(({ name, attributes, text: t }) => ({
          name,
          text: name === 'title' || name === 'text' || name === 'style' ? t : '',
          attributes: Object.fromEntries(
            Object.entries(attributes).filter(([a]) => !/^(xmlns|inkscape:|sodipodi:)/.test(a)),
          ),
        }));
    // The same elements in the same order with the same attributes and text, less the editor's own markup.
    expect(drawn(stored)).toEqual(drawn(GOOD_ICON));
    expect(drawn(stored)).toHaveLength(18);
    expect(
      elements(stored)
        .filter((e) => e.name === 'path')
        .map((e) => e.attributes.d),
    ).toEqual(['M16 14h14a4 4 0 0 1 4 4v32a3 3 0 0 0-3-3H16z', 'm 20,22 h 10 M 20,28 h 10 M 20,34 h 8']);
  });
});

describe.each(testDialects())('uploading SVG images through the administration API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = async (svg: string, purpose: 'icon' | 'picture' = 'icon') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { ...(await t.auth('admin')), 'accept-language': 'en' },
      payload: { purpose, data: Buffer.from(svg).toString('base64') },
    });
  const storedCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('stored_images')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The stored bytes, both as the database holds them and as the image route serves them (they must agree). */
  const stored = async (url: string) => {
    const id = url.replace('/static/images/', '');
    const row = await t.ctx.db
      .selectFrom('stored_images')
      .select(['type', 'data'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const served = await t.app.inject({ method: 'GET', url });
    expect([served.statusCode, served.headers['content-type'], row.type]).toEqual([
      200,
      'image/svg+xml',
      'image/svg+xml',
    ]);
    expect(Buffer.from(row.data, 'base64').toString('utf8')).toBe(served.body);
    return served.body;
  };

  it('stores none of the hostile SVGs, refusing each with IMAGE_UNSAFE', async () => {
    const before = await storedCount();
    for (const [what, svg] of HOSTILE) {
      for (const purpose of ['icon', 'picture'] as const) {
        const res = await upload(svg, purpose);
        expect([res.statusCode, res.json().ecode], `${what} (${purpose})`).toEqual([422, 'IMAGE_UNSAFE']);
      }
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses a malformed SVG with a 400 in the envelope and stores nothing', async () => {
    const before = await storedCount();
    const res = await upload(MALFORMED[0]![1]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ecode: 'VALIDATION_FAILED',
      error: expect.stringMatching(/^The SVG file is not well-formed XML/),
    });
    expect(await storedCount()).toBe(before);
  });

  it('stores only inert SVG for uploads it accepts', async () => {
    for (const [what, svg] of CLEANED) {
      const res = await upload(svg);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
      expectInert(await stored(res.json().entities[0].url));
    }
  });

  it('stores a realistic icon with its drawing intact', async () => {
    const res = await upload(GOOD_ICON);
    expect(res.statusCode, res.body).toBe(200);
    const body = await stored(res.json().entities[0].url);
    expectInert(body);
    expect(
      elements(body)
        .filter((e) => e.name === 'path')
        .map((e) => e.attributes.d),
    ).toEqual(['M16 14h14a4 4 0 0 1 4 4v32a3 3 0 0 0-3-3H16z', 'm 20,22 h 10 M 20,28 h 10 M 20,34 h 8']);
    expect(body).toContain('<style type="text/css">.st0{fill:#1677ff;}');
  });
});
