import { Skeleton } from 'antd';

/** Loading placeholder while a page chunk or its first data arrives. */
export function PageFallback() {
  return (
    <div className="sh-page">
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}
