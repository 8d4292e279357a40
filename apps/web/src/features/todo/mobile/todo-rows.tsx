import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Checkbox, List, Tag } from 'antd-mobile';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Task } from '@service-hall/contracts';

import { PhoneTime } from '../../../lib/mobile-lazy/phone-time.tsx';
import type { TaskSelection } from '../batch/use-task-selection.ts';
import { appAndSystem } from '../logic/app-and-system.ts';

interface Props {
  tasks: Task[];
  header: string;
  selection: TaskSelection;
  onOpen: (task: Task) => void;
}

/** Estimated height of one row before it is measured (px). */
const ROW_ESTIMATE = 96;

/**
 * The loaded to-do tasks, windowed: only the rows near the viewport are in the DOM, so scrolling through
 * thousands of tasks (page after page of the infinite scroll) stays smooth. Rows are measured after render.
 */
export function TodoRows({ tasks, header, selection, onOpen }: Props) {
  const { t } = useTranslation('todo');
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
  }, []);
  const v = useWindowVirtualizer({
    count: tasks.length,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 6,
    scrollMargin,
    getItemKey: (i) => tasks[i]?.id ?? i,
  });
  const rows = v.getVirtualItems();
  const offset = rows[0] ? rows[0].start - scrollMargin : 0;
  return (
    <List header={header}>
      <div
        ref={listRef}
        data-testid="todo-rows"
        data-count={tasks.length}
        style={{ height: v.getTotalSize(), position: 'relative' }}
      >
        <div style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${offset}px)` }}>
          {rows.map((row) => {
            const task = tasks[row.index];
            return (
              <div key={row.key} data-index={row.index} ref={v.measureElement}>
                <List.Item
                  data-testid={`todo-row-${task.id}`}
                  prefix={
                    <Checkbox
                      data-testid={`todo-check-${task.id}`}
                      checked={selection.ids.has(task.id)}
                      onChange={() => selection.toggle(task)}
                      onClick={(e) => e.stopPropagation()}
                    />
                  }
                  description={
                    <>
                      {`${task.process.entry} · ${appAndSystem(task)} · ${task.process.owner.name} · `}
                      <PhoneTime seconds={task.assignTime} />
                    </>
                  }
                  onClick={() => onOpen(task)}
                  arrowIcon
                >
                  {task.process.name}{' '}
                  {task.entruster && (
                    <Tag color="primary" fill="outline" data-testid={`todo-entrusted-${task.id}`}>
                      {t('entrustedBy', { name: task.entruster.name })}
                    </Tag>
                  )}
                  <div style={{ fontSize: 12, color: 'var(--adm-color-weak)' }}>
                    {task.name}
                    {task.actions.length > 0 && ` · ${task.actions.map((a) => a.name).join(' / ')}`}
                  </div>
                </List.Item>
              </div>
            );
          })}
        </div>
      </div>
    </List>
  );
}
