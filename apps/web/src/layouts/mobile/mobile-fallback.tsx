import { Skeleton } from 'antd-mobile';

/** Loading placeholder while a page chunk or its data arrives. */
export function MobileFallback() {
  return (
    <div className="shm-page">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={6} animated />
    </div>
  );
}
