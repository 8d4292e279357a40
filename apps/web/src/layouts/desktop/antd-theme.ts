import { FastColor } from '@ant-design/fast-color';
import type { ThemeConfig } from 'antd';

/**
 * antd theme with text colours that reach WCAG AA (4.5:1) on white: antd's tertiary/description grey (45 % black,
 * 3.4:1), placeholder grey (25 %) and status colours (#52c41a green 2.5:1, #ff4d4f red 3.3:1) are too light for the
 * labels, empty states and status tags that use them. Links and info follow the (already darkened) theme colour;
 * hover and pressed states go darker, not lighter as antd's do, so white text on a hovered button stays legible.
 */
export function antdTheme(primary: string): ThemeConfig {
  const hover = new FastColor(primary).darken(7).toHexString();
  const active = new FastColor(primary).darken(12).toHexString();
  return {
    token: {
      colorPrimary: primary,
      colorPrimaryHover: hover,
      colorPrimaryActive: active,
      colorLink: primary,
      colorLinkHover: hover,
      colorLinkActive: active,
      colorInfo: primary,
      borderRadius: 8,
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
      colorSuccess: '#2b7a0b',
      colorSuccessBg: '#f6ffed',
      colorSuccessBorder: '#b7eb8f',
      colorError: '#cf1322',
      colorErrorBg: '#fff2f0',
      colorErrorBorder: '#ffccc7',
      colorWarning: '#874d00',
      colorWarningBg: '#fffbe6',
      colorWarningBorder: '#ffe58f',
    },
    components: { Layout: { headerBg: primary } },
  };
}
