import { Alert, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ProcessDefinition } from '@service-hall/engine';

/** The whole definition as the engine reads it, editable: for what the designer does not draw (combined conditions …). */
export function JsonTab({ value, onChange }: { value: ProcessDefinition; onChange: (def: ProcessDefinition) => void }) {
  const { t } = useTranslation('definitions');
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      {error && <Alert type="error" message={t('jsonBad', { message: error })} style={{ marginBottom: 12 }} />}
      <Input.TextArea
        aria-label={t('tabs.json')}
        value={text}
        autoSize={{ minRows: 20, maxRows: 60 }}
        spellCheck={false}
        className="sh-json-editor"
        data-testid="definition-json"
        onChange={(e) => {
          setText(e.target.value);
          try {
            const parsed = JSON.parse(e.target.value) as ProcessDefinition;
            if (!Array.isArray(parsed.steps) || typeof parsed.form !== 'object') throw new Error('steps/form');
            onChange(parsed);
            setError(null);
          } catch (err) {
            setError((err as Error).message);
          }
        }}
      />
    </div>
  );
}
