import { describe, expect, it } from 'vitest';

import { pinyinKeys } from '../../src/text/pinyin.ts';
import { sanitizeRichText, stripTags } from '../../src/text/sanitize-html.ts';
import { segmentKeyword } from '../../src/text/segment.ts';

describe('pinyin keys', () => {
  it('gives first letter, initials and full pinyin', () => {
    expect(pinyinKeys('请假申请')).toEqual({ firstLetter: 'Q', initials: 'qjsq', pinyin: 'qingjiashenqing' });
  });

  it('reads multi-reading characters by phrase', () => {
    expect(pinyinKeys('重修报名').initials).toBe('cxbm');
    expect(pinyinKeys('银行卡').pinyin).toBe('yinhangka');
    expect(pinyinKeys('长期出差').pinyin).toBe('changqichuchai');
  });

  it('keeps Latin words and groups non-letters under #', () => {
    expect(pinyinKeys('VPN 账号申请')).toMatchObject({ firstLetter: 'V', initials: 'vpnzhsq' });
    expect(pinyinKeys('3D打印').firstLetter).toBe('#');
    expect(pinyinKeys('（草稿）').firstLetter).toBe('#');
  });
});

describe('keyword segmentation', () => {
  it('splits Chinese into words and drops punctuation and spaces', () => {
    expect(segmentKeyword('请假申请流程')).toEqual(['请假', '申请', '流程']);
    expect(segmentKeyword('  报销，发票！ ')).toEqual(['报销', '发票']);
    expect(segmentKeyword('')).toEqual([]);
  });

  it('keeps a single Latin word whole', () => {
    expect(segmentKeyword('qjsq')).toEqual(['qjsq']);
    expect(segmentKeyword('leave request')).toEqual(['leave', 'request']);
  });
});

describe('rich text sanitiser', () => {
  it('keeps the allow-list', () => {
    const html =
      '<h3>标题</h3><p><strong>a</strong><em>b</em></p><ol><li>x</li></ol><blockquote>q</blockquote>' +
      '<table><tbody><tr><td colspan="2">c</td></tr></tbody></table><a href="mailto:a@b.cn">m</a>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, handlers, frames, svg and dangerous URLs', () => {
    const out = sanitizeRichText(
      '<p onmouseover="x()" style="color:red">t</p><script>bad()</script>' +
        '<a href="javascript:x()">j</a><a href="data:text/html,x">d</a><a href="vbscript:x">v</a>' +
        '<iframe srcdoc="<b>x</b>"></iframe><svg><a href="https://x">s</a></svg><object data="x"></object>',
    );
    expect(out).toBe('<p>t</p><a>j</a><a>d</a><a>v</a>');
  });

  it('makes new-window links safe and is idempotent', () => {
    const once = sanitizeRichText('<a href="https://x.cn" target="_self" rel="opener">x</a>');
    expect(once).toBe('<a href="https://x.cn" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('strips tags for search text', () => {
    expect(stripTags('<p>在<strong>宿舍报修</strong>中</p><script>x</script>')).toBe('在宿舍报修中');
  });
});
