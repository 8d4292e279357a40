import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';

import type { FieldKind } from '@service-hall/engine/form';

import { FieldRow } from './field-row.tsx';

export interface ListedField {
  key: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  hasProblem: boolean;
}

interface Props {
  fields: ListedField[];
  selected?: string;
  onSelect: (key: string) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (key: string) => void;
}

/** The form's fields in order, reordered by dragging (@dnd-kit: pointer, or Space and arrow keys) or by buttons. */
export function FieldList({ fields, selected, onSelect, onMove, onRemove }: Props) {
  const { t } = useTranslation('formDesigner');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labelOf = (id: unknown) => fields.find((f) => f.key === id)?.label ?? String(id);
  const positionOf = (id: unknown) => fields.findIndex((f) => f.key === id) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(
      fields.findIndex((f) => f.key === active.id),
      fields.findIndex((f) => f.key === over.id),
    );
  };
  // What a screen reader hears while a field is moved with the keyboard, in the page's language.
  const announcements = {
    onDragStart: ({ active }: { active: { id: unknown } }) => t('drag', { label: labelOf(active.id) }),
    onDragOver: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
      over ? t('moved', { label: labelOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }: { active: { id: unknown }; over: { id: unknown } | null }) =>
      over ? t('moved', { label: labelOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragCancel: ({ active }: { active: { id: unknown } }) =>
      t('moved', { label: labelOf(active.id), position: positionOf(active.id) }),
  };
  return (
    <section className="sh-fd-fields" aria-labelledby="sh-fd-fields-title">
      <h3 id="sh-fd-fields-title" className="sh-fd-heading">
        {t('fields')}
      </h3>
      {fields.length === 0 && (
        <p className="sh-fd-hint" data-testid="fd-empty">
          {t('noFields')}
        </p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('drag', { label: '' }) } }}
      >
        <SortableContext items={fields.map((f) => f.key)} strategy={verticalListSortingStrategy}>
          <ol className="sh-fd-list" data-testid="fd-list">
            {fields.map((f, i) => (
              <FieldRow
                key={f.key}
                id={f.key}
                label={f.label}
                kind={f.kind}
                required={f.required}
                hasProblem={f.hasProblem}
                selected={f.key === selected}
                first={i === 0}
                last={i === fields.length - 1}
                onSelect={() => onSelect(f.key)}
                onMove={(by) => onMove(i, i + by)}
                onRemove={() => onRemove(f.key)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </section>
  );
}
