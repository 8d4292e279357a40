import dayjs from 'dayjs';

import 'dayjs/locale/zh-cn';

/**
 * antd's date pickers take month and weekday names from dayjs: without its Chinese locale they read "Nov", "Su Mo".
 * Its own chunk, loaded by desktop-app.tsx after the first render: no first screen shows a picker's panel.
 */
export function applyDayjsLocale(language: string) {
  dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
}
