import { FileOutlined } from '@ant-design/icons';
import { Button, Image, Space } from 'antd';
import { useTranslation } from 'react-i18next';

import type { AttachmentRef } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { isPicture, saveAttachment, useAttachmentUrl } from '../api/attachment-blob.ts';
import { fileSize } from '../logic/file-size.ts';

import '../../../i18n/locales/lazy/attachments.ts';
import '../attachments.css';

function Thumb({ file }: { file: AttachmentRef }) {
  const { t } = useTranslation('attachments');
  const url = useAttachmentUrl(file);
  if (!isPicture(file.type)) return <FileOutlined aria-hidden="true" />;
  return url ? (
    <Image src={url} width={48} height={48} className="sh-attachment-thumb" alt={t('preview', { name: file.name })} />
  ) : null;
}

/** The files of an attachment field on the desktop detail page: pictures as thumbnails that open a preview, every file a download. */
export function AttachmentList({ files }: { files: AttachmentRef[] }) {
  const { t } = useTranslation('attachments');
  const { message } = useAppMessage();
  if (files.length === 0) return <span>{t('none')}</span>;
  return (
    <Space direction="vertical" data-testid="attachment-list">
      {files.map((f) => (
        <Space key={f.id} data-testid="attachment-link">
          <Thumb file={f} />
          <Button
            type="link"
            aria-label={t('download', { name: f.name })}
            onClick={() =>
              void saveAttachment(f).catch(
                (e: unknown) => void message.error(t('downloadFailed', { error: errorText(e) })),
              )
            }
          >
            {f.name}
          </Button>
          <span className="sh-attachment-size">{fileSize(f.size)}</span>
        </Space>
      ))}
    </Space>
  );
}
