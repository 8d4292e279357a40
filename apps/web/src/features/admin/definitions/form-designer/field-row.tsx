import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Popconfirm, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import type { FieldKind } from '@service-hall/engine/form';

interface Props {
  id: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  selected: boolean;
  hasProblem: boolean;
  first: boolean;
  last: boolean;
  onSelect: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One field in the designer's list: a drag handle (pointer or keyboard), its name and kind, move and delete. */
export function FieldRow({
  id,
  label,
  kind,
  required,
  selected,
  hasProblem,
  first,
  last,
  onSelect,
  onMove,
  onRemove,
}: Props) {
  const { t } = useTranslation('formDesigner');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const name = label || id;
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`sh-fd-row${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}${hasProblem ? ' has-problem' : ''}`}
      data-testid={`fd-row-${id}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="sh-fd-handle"
        {...attributes}
        {...listeners}
        aria-label={t('drag', { label: name })}
        data-testid={`fd-drag-${id}`}
      >
        <HolderOutlined />
      </button>
      <button
        type="button"
        className="sh-fd-row-main"
        onClick={onSelect}
        aria-pressed={selected}
        data-testid={`fd-select-${id}`}
      >
        <span className="sh-fd-row-label">
          {name}
          {required && (
            <span className="sh-fd-required" aria-label={t('required')}>
              *
            </span>
          )}
        </span>
        <span className="sh-fd-row-key">{id}</span>
      </button>
      <Tag className="sh-fd-kind">{t(`kind.${kind}`)}</Tag>
      <Button
        size="small"
        type="text"
        icon={<ArrowUpOutlined />}
        disabled={first}
        onClick={() => onMove(-1)}
        aria-label={t('moveUp', { label: name })}
        data-testid={`fd-up-${id}`}
      />
      <Button
        size="small"
        type="text"
        icon={<ArrowDownOutlined />}
        disabled={last}
        onClick={() => onMove(1)}
        aria-label={t('moveDown', { label: name })}
        data-testid={`fd-down-${id}`}
      />
      <Popconfirm
        title={t('removeConfirm', { label: name })}
        onConfirm={onRemove}
        okButtonProps={{ danger: true, ...{ 'data-testid': 'fd-remove-ok' } }}
      >
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('remove', { label: name })}
          data-testid={`fd-remove-${id}`}
        />
      </Popconfirm>
    </li>
  );
}
