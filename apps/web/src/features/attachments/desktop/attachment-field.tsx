import { UploadOutlined } from '@ant-design/icons';
import type { FieldProps } from '@rjsf/utils';
import { Button, Image, Upload, type UploadFile } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AttachmentRef } from '@service-hall/contracts';

import { errorText } from '../../../lib/http/api-error.ts';
import { fetchAttachment, isPicture, saveAttachment } from '../api/attachment-blob.ts';
import { deleteAttachment, uploadAttachment } from '../api/upload-attachment.ts';
import { acceptAttribute, acceptNames, countProblem, fileProblem, limitsOf } from '../logic/field-limits.ts';

import '../../../i18n/locales/lazy/attachments.ts';
import '../attachments.css';

/** What the apply form tells its fields: the app being applied for and the form's labels. */
export interface AttachmentFormContext {
  appCode: string;
  labels: Record<string, { zh: string; en: string }>;
}

type Item = UploadFile<AttachmentRef> & { problem?: string };

const itemOf = (ref: AttachmentRef): Item => ({
  uid: ref.id,
  name: ref.name,
  status: 'done',
  response: ref,
  type: ref.type,
  size: ref.size,
});

/**
 * An attachment field of the desktop apply form (rjsf `ui:field`): antd Upload with a progress bar per file, the
 * engine's own refusals (type, size, count) before anything is sent and the server's after, pictures previewed.
 * The field's value is the references of the files uploaded.
 */
export function AttachmentField(props: FieldProps<AttachmentRef[]>) {
  const { t, i18n } = useTranslation('attachments');
  const { formData, onChange, schema, name, fieldPathId, required, disabled, readonly } = props;
  const context = props.registry.formContext as AttachmentFormContext;
  const label = context.labels[name] ?? { zh: name, en: name };
  const limits = limitsOf(schema as Record<string, unknown>);
  const [items, setItems] = useState<Item[]>(() => (formData ?? []).map(itemOf));
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const lng = i18n.language;

  // The value follows the list: the files uploaded, in order (uploading and refused ones are not part of it).
  useEffect(() => {
    const refs = items.filter((i) => i.status === 'done' && i.response).map((i) => i.response!);
    if (refs.map((r) => r.id).join() !== (formData ?? []).map((r) => r.id).join())
      onChange(refs.length ? refs : undefined, fieldPathId.path);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);
  const update = (uid: string, change: Partial<Item>) =>
    setItems((all) => all.map((i) => (i.uid === uid ? { ...i, ...change } : i)));

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
    <div className="sh-attachment-field" data-testid={`field-${name}`}>
      <div className="ant-form-item-label">
        <label
          htmlFor={fieldPathId.$id}
          className={required ? 'ant-form-item-required ant-form-item-no-colon' : 'ant-form-item-no-colon'}
        >
          {i18n.language === 'en' ? label.en : label.zh}
        </label>
      </div>
      <Upload<AttachmentRef>
        id={fieldPathId.$id}
        multiple
        listType="picture"
        accept={acceptAttribute(limits)}
        fileList={items}
        disabled={disabled || readonly}
        beforeUpload={(file) => {
          const live = items.filter((i) => i.status !== 'error').length;
          const problem =
            live >= limits.maxCount
              ? countProblem(schema as Record<string, unknown>, label, lng)
              : fileProblem(schema as Record<string, unknown>, label, file, lng);
          if (problem) {
            setItems((all) => [...all, { uid: file.uid, name: file.name, status: 'error', problem }]);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          const f = file as File & { uid: string };
          setItems((all) => [
            ...all,
            { uid: f.uid, name: f.name, status: 'uploading', percent: 0, originFileObj: f as never, type: f.type },
          ]);
          uploadAttachment({
            file: f,
            code: context.appCode,
            field: name,
            onProgress: (percent) => {
              onProgress?.({ percent });
              update(f.uid, { percent });
            },
          }).then(
            (ref) => {
              onSuccess?.(ref);
              update(f.uid, {
                status: 'done',
                response: ref,
                percent: 100,
                ...(isPicture(ref.type) ? { thumbUrl: URL.createObjectURL(f) } : {}),
              });
            },
            (err: unknown) => {
              onError?.(err as Error);
              update(f.uid, { status: 'error', problem: errorText(err) });
            },
          );
        }}
        onRemove={(file) => {
          const item = file as Item;
          if (item.status === 'done' && item.response) void deleteAttachment(item.response.id);
          setItems((all) => all.filter((i) => i.uid !== file.uid));
          return false;
        }}
        onPreview={(file) => {
          const ref = (file as Item).response;
          if (!ref) return;
          if (isPicture(ref.type))
            void fetchAttachment(ref.id).then((b) => setPreview({ url: URL.createObjectURL(b), name: ref.name }));
          else void saveAttachment(ref);
        }}
        showUploadList={{ showPreviewIcon: true, showRemoveIcon: true }}
        itemRender={(node, file) => (
          <div data-testid="attachment-item" data-status={file.status}>
            {node}
            {(file as Item).problem && (
              <div className="sh-attachment-problem" role="alert">
                {(file as Item).problem}
              </div>
            )}
          </div>
        )}
      >
        <Button icon={<UploadOutlined />} disabled={disabled || readonly} data-testid={`upload-${name}`}>
          {t('choose')}
        </Button>
      </Upload>
      <div className="ant-form-item-extra">{hint}</div>
      {preview && (
        <Image
          src={preview.url}
          alt={t('preview', { name: preview.name })}
          style={{ display: 'none' }}
          preview={{
            open: true,
            onOpenChange: (open) => {
              if (!open) {
                URL.revokeObjectURL(preview.url);
                setPreview(null);
              }
            },
          }}
        />
      )}
    </div>
  );
}
