import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

import { FIELD_KINDS, type FieldKind } from '@service-hall/engine/form';

/** Every field kind the engine knows, as buttons: a click (or Enter) adds one at the end of the form. */
export function FieldPalette({ onAdd }: { onAdd: (kind: FieldKind) => void }) {
  const { t } = useTranslation('formDesigner');
  return (
    <section className="sh-fd-palette" aria-labelledby="sh-fd-palette-title">
      <h3 id="sh-fd-palette-title" className="sh-fd-heading">
        {t('palette')}
      </h3>
      <p className="sh-fd-hint">{t('paletteHint')}</p>
      <div className="sh-fd-palette-grid">
        {FIELD_KINDS.map((kind) => (
          <Button
            key={kind}
            size="small"
            onClick={() => onAdd(kind)}
            data-testid={`fd-add-${kind}`}
            title={t('add', { kind: t(`kind.${kind}`) })}
          >
            {t(`kind.${kind}`)}
          </Button>
        ))}
      </div>
    </section>
  );
}
