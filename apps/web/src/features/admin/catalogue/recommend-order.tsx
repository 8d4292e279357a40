import { HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminApp } from '@service-hall/contracts';

import { useAppMessage } from '../../../lib/desktop-lazy/app-message.tsx';
import { errorText } from '../../../lib/http/api-error.ts';
import { useReorderApps } from '../api/catalogue.ts';
import { appName } from '../shared/choices.ts';

function Row({ app }: { app: AdminApp }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: app.id });
  return (
    // The list item stays a list item (axe: an <ol> holds only <li>); the draggable button sits inside it.
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`order-${app.code}`}
    >
      <div className="sh-sortable-row" {...attributes} {...listeners}>
        <HolderOutlined aria-hidden /> <span>{appName(app)}</span> <code>{app.code}</code>
      </div>
    </li>
  );
}

/**
 * The recommended apps in their order, rearranged by dragging (or by keyboard: space, arrows, space — dnd-kit's
 * accessible sensor). Saving ranks them n … 1.
 */
export function RecommendOrder({ apps, open, onClose }: { apps: AdminApp[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = useAppMessage();
  const reorder = useReorderApps();
  const [order, setOrder] = useState<AdminApp[]>([]);
  useEffect(() => {
    if (open) setOrder(apps.filter((a) => a.enabled && a.recommend > 0).sort((a, b) => b.recommend - a.recommend));
  }, [open, apps]);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder((o) =>
      arrayMove(
        o,
        o.findIndex((a) => a.id === active.id),
        o.findIndex((a) => a.id === over.id),
      ),
    );
  };
  const save = async () => {
    try {
      await reorder.mutateAsync(order.map((a) => a.id));
      message.success(t('saved'));
      onClose();
    } catch (err) {
      message.error(errorText(err));
    }
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={reorder.isPending}
      title={t('catalogue.orderTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      destroyOnHidden
    >
      <p>{t('catalogue.orderHint')}</p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={order.map((a) => a.id)} strategy={verticalListSortingStrategy}>
          <ol className="sh-sortable" data-testid="recommend-order">
            {order.map((a) => (
              <Row key={a.id} app={a} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </Modal>
  );
}
