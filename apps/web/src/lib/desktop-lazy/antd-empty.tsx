import { Empty } from 'antd';

/** antd's small "no data" picture and text, for sections of a first screen that are rarely empty. */
export default function SimpleEmpty() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
}
