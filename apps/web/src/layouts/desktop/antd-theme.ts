import type { ThemeConfig } from 'antd';

/**
 * antd theme with text colours that reach WCAG AA (4.5:1) on white: antd's tertiary/description grey (45 % black,
 * 3.4:1), placeholder grey (25 %) and status colours (#52c41a green 2.5:1, #ff4d4f red 3.3:1) are too light for the
 * labels, empty states and status tags that use them. Links and info follow the (already darkened) theme colour.
 */
export function antdTheme(primary: string): ThemeConfig {
  return {
    token: {
      colorPrimary: primary,
      colorLink: primary,
      colorInfo: primary,
      borderRadius: 8,
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
      colorSuccess: '#2b7a0b',
      colorError: '#cf1322',
      colorWarning: '#ad6800',
    },
    components: { Layout: { headerBg: primary } },
  };
}
