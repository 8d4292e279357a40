import { Collapse } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ConsolePage } from '../../console/console-page.tsx';
import { emptyForm, type DesignerForm } from './designer-model.ts';
import { FormDesigner } from './form-designer.tsx';

import '../../../../i18n/locales/lazy/formDesigner.ts';

/**
 * /workflow/admin/form-designer: the designer on its own, holding the form in memory (nothing is saved), to try
 * it and for its end-to-end test. The definitions page embeds the same component with the definition's form.
 */
export default function FormDesignerHarness() {
  const { t } = useTranslation('formDesigner');
  const [form, setForm] = useState<DesignerForm>(emptyForm);
  return (
    <ConsolePage title={t('title')} testId="page-form-designer">
      <FormDesigner value={form} onChange={setForm} />
      <Collapse
        className="sh-fd-json"
        items={[
          { key: 'json', label: t('json'), children: <pre data-testid="fd-json">{JSON.stringify(form, null, 2)}</pre> },
        ]}
      />
    </ConsolePage>
  );
}
