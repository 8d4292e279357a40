import { Button, ImageViewer, ProgressBar, Space } from 'antd-mobile';
import { CloseOutline, FileOutline } from 'antd-mobile-icons';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AttachmentRef } from '@service-hall/contracts';

import { errorText } from '../../../lib/http/api-error.ts';
import { isPicture } from '../api/attachment-blob.ts';
import { deleteAttachment, uploadAttachment } from '../api/upload-attachment.ts';
import { acceptAttribute, acceptNames, countProblem, fileProblem, limitsOf } from '../logic/field-limits.ts';

import '../../../i18n/locales/lazy/attachments.ts';
import '../attachments.css';

interface Item {
  key: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  percent: number;
  ref?: AttachmentRef;
  problem?: string;
  /** A local picture's object URL, for its thumbnail and preview. */
  thumb?: string;
}

interface Props {
  value?: AttachmentRef[];
  onChange?: (v: AttachmentRef[] | undefined) => void;
  code: string;
  field: string;
  schema: Record<string, unknown>;
  label: { zh: string; en: string };
}

/**
 * An attachment field on the phone: "take a photo" (a file input with `capture`, so the camera opens) and "choose
 * from album or files" (without it, so the system offers the album and files), each file with its own progress,
 * refusal in the user's language and, for pictures, a thumbnail that opens a preview.
 */
export function AttachmentInput({ value, onChange, code, field, schema, label }: Props) {
  const { t, i18n } = useTranslation('attachments');
  const lng = i18n.language;
  const limits = limitsOf(schema);
  const [items, setItems] = useState<Item[]>(() =>
    (value ?? []).map((ref) => ({ key: ref.id, name: ref.name, status: 'done', percent: 100, ref })),
  );
  const [preview, setPreview] = useState<string | null>(null);
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const acceptsPictures = limits.accept.some((a) => a.startsWith('image/'));

  useEffect(() => {
    const refs = items.filter((i) => i.status === 'done' && i.ref).map((i) => i.ref!);
    if (refs.map((r) => r.id).join() !== (value ?? []).map((r) => r.id).join())
      onChange?.(refs.length ? refs : undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);
  const update = (key: string, change: Partial<Item>) =>
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const add = (files: FileList | null) => {
    let live = items.filter((i) => i.status !== 'error').length;
    for (const file of Array.from(files ?? [])) {
      const key = `${file.name}-${Date.now()}-${Math.random()}`;
      const problem =
        live >= limits.maxCount ? countProblem(schema, label, lng) : fileProblem(schema, label, file, lng);
      if (problem) {
        setItems((all) => [...all, { key, name: file.name, status: 'error', percent: 0, problem }]);
        continue;
      }
      live += 1;
      const thumb = isPicture(file.type) ? URL.createObjectURL(file) : undefined;
      setItems((all) => [...all, { key, name: file.name, status: 'uploading', percent: 0, thumb }]);
      uploadAttachment({ file, code, field, onProgress: (percent) => update(key, { percent }) }).then(
        (ref) => update(key, { status: 'done', percent: 100, ref }),
        (err: unknown) => update(key, { status: 'error', problem: errorText(err) }),
      );
    }
  };
  const remove = (item: Item) => {
    if (item.ref) void deleteAttachment(item.ref.id);
    if (item.thumb) URL.revokeObjectURL(item.thumb);
    setItems((all) => all.filter((i) => i.key !== item.key));
  };
  const hint = useMemo(
    () =>
      t('hint', {
        accept: acceptNames(limits, lng),
        size: Math.round(limits.maxSize / 1048576),
        count: limits.maxCount,
      }),
    [t, limits, lng],
  );

  return (
    <div className="shm-attachments" data-testid={`attachments-${field}`}>
      {items.map((item) => (
        <div key={item.key} className="shm-attachment" data-testid="attachment-item" data-status={item.status}>
          {item.thumb ? (
            <button
              type="button"
              className="shm-attachment-thumb"
              onClick={() => setPreview(item.thumb!)}
              aria-label={t('preview', { name: item.name })}
            >
              <img src={item.thumb} alt="" />
            </button>
          ) : (
            <FileOutline className="shm-attachment-icon" aria-hidden="true" />
          )}
          <div className="shm-attachment-body">
            <div className="shm-attachment-name">{item.name}</div>
            {item.status === 'uploading' && (
              <ProgressBar percent={item.percent} text={t('uploading', { percent: item.percent })} />
            )}
            {item.status === 'done' && <div className="shm-attachment-state">{t('uploaded')}</div>}
            {item.problem && (
              <div className="shm-attachment-problem" role="alert">
                {item.problem}
              </div>
            )}
          </div>
          <Button size="mini" fill="none" onClick={() => remove(item)} aria-label={t('remove', { name: item.name })}>
            <CloseOutline />
          </Button>
        </div>
      ))}
      <Space wrap>
        {acceptsPictures && (
          <Button size="small" onClick={() => camera.current?.click()} data-testid={`camera-${field}`}>
            {t('takePhoto')}
          </Button>
        )}
        <Button size="small" onClick={() => picker.current?.click()} data-testid={`choose-${field}`}>
          {t('chooseFromAlbum')}
        </Button>
      </Space>
      <div className="shm-attachment-hint" id={hintId}>
        {hint}
      </div>
      {/* Hidden inputs behind the buttons: with `capture` the phone opens its camera; without, its album and files. */}
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-describedby={hintId}
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
        data-testid={`camera-input-${field}`}
      />
      <input
        ref={picker}
        type="file"
        accept={acceptAttribute(limits)}
        multiple
        hidden
        aria-describedby={hintId}
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
        data-testid={`file-input-${field}`}
      />
      <ImageViewer image={preview ?? ''} visible={preview !== null} onClose={() => setPreview(null)} />
    </div>
  );
}
