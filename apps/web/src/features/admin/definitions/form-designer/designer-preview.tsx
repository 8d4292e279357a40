import { ConfigProvider as PhoneConfig, Form as PhoneForm } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DesktopFormView } from '../../../form-render/desktop/desktop-form-view.tsx';
import { PhoneFormView } from '../../../form-render/mobile/phone-form-view.tsx';
import type { DesignerForm } from './designer-model.ts';

type Data = Record<string, unknown>;

/** Only values of fields still in the form (a deleted or renamed field's value would be refused as undeclared). */
const kept = (data: Data, form: DesignerForm) =>
  Object.fromEntries(Object.entries(data).filter(([k]) => Object.hasOwn(form.schema.properties, k)));

/**
 * The form as members will see it, live: the desktop renderer and, in a phone-sized frame, the phone renderer —
 * the same components the apply pages use, validated by the same engine validator. What is typed stays here.
 */
export function DesignerPreview({ form }: { form: DesignerForm }) {
  const { t, i18n } = useTranslation('formDesigner');
  const [desktopData, setDesktopData] = useState<Data>({});
  const [phone] = PhoneForm.useForm();
  return (
    <div className="sh-fd-preview">
      <section
        className="sh-fd-preview-desktop"
        aria-labelledby="sh-fd-preview-desktop"
        data-testid="fd-preview-desktop"
      >
        <h3 id="sh-fd-preview-desktop" className="sh-fd-heading">
          {t('previewDesktop')}
        </h3>
        <DesktopFormView
          form={form}
          data={kept(desktopData, form)}
          onChange={setDesktopData}
          testId="fd-desktop-form"
        />
      </section>
      <section className="sh-fd-preview-phone" aria-labelledby="sh-fd-preview-phone">
        <h3 id="sh-fd-preview-phone" className="sh-fd-heading">
          {t('previewPhone')}
        </h3>
        <div className="sh-fd-phone-frame" data-testid="fd-preview-phone">
          {/* antd-mobile's own texts (a selector's name for screen readers) in the page's language, as the phone layout sets them. */}
          <PhoneConfig locale={i18n.language === 'en' ? enUS : zhCN}>
            <PhoneFormView form={form} instance={phone} testId="fd-phone-form" />
          </PhoneConfig>
        </div>
      </section>
    </div>
  );
}
