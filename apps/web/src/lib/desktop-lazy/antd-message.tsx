import type { MessageInstance } from 'antd/es/message/interface';
// The hook's own module: `message` through antd's index would keep the static methods' global holder.
import useMessage from 'antd/es/message/useMessage';
import { useEffect } from 'react';

/**
 * antd's message holder under the app's ConfigProvider (theme colour, locale), loaded when the first message is shown
 * or once the browser is idle after the first paint: hands its API to app-message.tsx once mounted.
 */
export default function MessageHolder({ onReady }: { onReady: (api: MessageInstance | null) => void }) {
  const [api, holder] = useMessage();
  useEffect(() => {
    onReady(api);
    return () => onReady(null);
  }, [api, onReady]);
  return holder;
}
