import { Button, ImageViewer, Space, Toast } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AttachmentRef } from '@service-hall/contracts';

import { errorText } from '../../../lib/http/api-error.ts';
import { isPicture, saveAttachment, useAttachmentUrl } from '../api/attachment-blob.ts';
import { fileSize } from '../logic/file-size.ts';

import '../../../i18n/locales/lazy/attachments.ts';
import '../attachments.css';

function Row({ file }: { file: AttachmentRef }) {
  const { t } = useTranslation('attachments');
  const url = useAttachmentUrl(file);
  const [open, setOpen] = useState(false);
  return (
    <div className="shm-attachment" data-testid="attachment-link">
      {isPicture(file.type) && url ? (
        <button
          type="button"
          className="shm-attachment-thumb"
          onClick={() => setOpen(true)}
          aria-label={t('preview', { name: file.name })}
        >
          <img src={url} alt="" />
        </button>
      ) : (
        <FileOutline className="shm-attachment-icon" aria-hidden="true" />
      )}
      <div className="shm-attachment-body">
        <Button
          fill="none"
          size="small"
          className="shm-attachment-name"
          aria-label={t('download', { name: file.name })}
          onClick={() =>
            void saveAttachment(file).catch(
              (e: unknown) => void Toast.show({ content: t('downloadFailed', { error: errorText(e) }) }),
            )
          }
        >
          {file.name}
        </Button>
        <div className="shm-attachment-state">{fileSize(file.size)}</div>
      </div>
      {url && <ImageViewer image={url} visible={open} onClose={() => setOpen(false)} />}
    </div>
  );
}

/** The files of an attachment field on the phone's detail page: a tap downloads; pictures open a preview. */
export function AttachmentLinks({ files }: { files: AttachmentRef[] }) {
  return (
    <Space direction="vertical" block data-testid="attachment-list">
      {files.map((f) => (
        <Row key={f.id} file={f} />
      ))}
    </Space>
  );
}
