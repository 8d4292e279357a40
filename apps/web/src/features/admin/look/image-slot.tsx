import { Button, Card, Modal, Slider, Space, Upload } from 'antd';
import { useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';

import { LOOK_IMAGE_RATIOS, type LOOK_IMAGE_KINDS } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { useSaveLookImage } from '../api/look.ts';
import { uploadImage } from '../api/upload-image.ts';
import { cropToBlob, type Area } from './crop-image.ts';

type Kind = (typeof LOOK_IMAGE_KINDS)[number];

/**
 * One enterprise image: the current picture (or the built-in default), an upload cropped to the slot's ratio, and
 * a way back to the default. An SVG is taken as it is (it scales); other pictures go through the cropper.
 */
export function ImageSlot({ kind, url, fallback }: { kind: Kind; url?: string; fallback: string }) {
  const { t } = useTranslation('admin');
  const { message } = useAppMessage();
  const save = useSaveLookImage();
  const [file, setFile] = useState<File | null>(null);
  const [src, setSrc] = useState('');
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const base = kind.replace('@en', '');
  const ratio = LOOK_IMAGE_RATIOS[base] ?? 4;

  const store = async (blob: Blob) => {
    setBusy(true);
    try {
      const stored = await uploadImage(blob, 'picture');
      await save.mutateAsync({ kind, url: stored.url });
      message.success(t('saved'));
      setFile(null);
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const pick = (f: File) => {
    if (f.type === 'image/svg+xml') void store(f);
    else {
      setFile(f);
      setSrc(URL.createObjectURL(f));
      setZoom(1);
    }
    return false;
  };
  return (
    <Card
      size="small"
      title={t(`look.image.${base}`) + (kind.endsWith('@en') ? ` (${t('look.english')})` : '')}
      data-testid={`look-image-${kind}`}
    >
      <img
        src={url || fallback}
        alt={t(`look.image.${base}`)}
        className="sh-look-preview"
        style={{ aspectRatio: String(ratio) }}
        onError={(e) => {
          if (!e.currentTarget.src.endsWith(fallback)) e.currentTarget.src = fallback;
        }}
      />
      <Space style={{ marginTop: 8 }}>
        <Upload accept="image/png,image/jpeg,image/svg+xml" showUploadList={false} beforeUpload={pick}>
          <Button size="small" loading={busy}>
            {t('look.upload')}
          </Button>
        </Upload>
        {url && (
          <Button size="small" onClick={() => save.mutate({ kind, url: null })}>
            {t('look.useDefault')}
          </Button>
        )}
      </Space>
      <Modal
        open={!!file}
        title={t('look.cropTitle')}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onCancel={() => setFile(null)}
        onOk={() => {
          if (file && area) void cropToBlob(file, area).then(store);
        }}
        destroyOnHidden
      >
        <div className="sh-crop-box">
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={ratio}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, px) => setArea(px)}
            />
          )}
        </div>
        <Slider min={1} max={4} step={0.1} value={zoom} onChange={setZoom} aria-label={t('look.zoom')} />
      </Modal>
    </Card>
  );
}
