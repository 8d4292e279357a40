import { UploadOutlined } from '@ant-design/icons';
import { Button, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { uploadImage } from '../api/upload-image.ts';
import { BUILT_IN_ICONS, isImageAddress } from './icon-names.ts';

/** An app's icon: a built-in one from the list, or an uploaded PNG/SVG (checked and sanitised by the server). */
export function IconField({
  value = '',
  onChange,
  id,
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
}) {
  const { t } = useTranslation('admin');
  const { message } = useAppMessage();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      onChange?.((await uploadImage(file, 'icon')).url);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
    return false;
  };
  return (
    <Space wrap>
      {isImageAddress(value) && (
        <img src={value} alt={t('app.iconPreview')} className="sh-console-icon" data-testid="icon-preview" />
      )}
      <Select
        id={id}
        showSearch
        allowClear
        style={{ width: 240 }}
        placeholder={t('app.iconBuiltIn')}
        aria-label={t('app.iconBuiltIn')}
        value={value && !isImageAddress(value) ? value : undefined}
        onChange={(v) => onChange?.(v ?? '')}
        options={BUILT_IN_ICONS.map((name) => ({ value: name, label: name.replace(/Outlined$/, '') }))}
      />
      <Upload accept=".png,.svg,image/png,image/svg+xml" showUploadList={false} beforeUpload={(f) => upload(f)}>
        <Button icon={<UploadOutlined />} loading={busy} data-testid="icon-upload">
          {t('app.iconUpload')}
        </Button>
      </Upload>
    </Space>
  );
}
