import { Button, Input, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import type { Condition } from '@service-hall/engine';

import type { FlowModel, Route } from './flow-model.ts';
import { pickText } from './node-summary.ts';

const OPS = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'] as const;
type Simple = Extract<Condition, { field: string }>;

/** "step:<id>" / "end" / "reject" / "back" as one select value. */
const encode = (route: Route | null) =>
  route === null
    ? undefined
    : route.kind === 'step'
      ? `step:${route.stepId}`
      : route.kind === 'ending'
        ? route.ending
        : undefined;
const decode = (v: string): Route =>
  v.startsWith('step:')
    ? { kind: 'step', stepId: v.slice(5) }
    : { kind: 'ending', ending: v as 'end' | 'reject' | 'back' };

/**
 * Where a node goes after approval: one destination, or branches on the form data (field, comparison, value → a
 * destination) with the default every branch point needs to publish.
 */
export function RouteEditor({
  model,
  nodeId,
  value,
  onChange,
  fields,
}: {
  model: FlowModel;
  nodeId: string;
  value: Route;
  onChange: (route: Route) => void;
  fields: Array<{ value: string; label: string; numeric: boolean }>;
}) {
  const { t, i18n } = useTranslation('definitions');
  const destinations = [
    ...model.nodes
      .filter((n) => n.id !== nodeId)
      .map((n) => ({ value: `step:${n.id}`, label: pickText(n.name, i18n.language) || n.id })),
    { value: 'end', label: t('route.end') },
    { value: 'reject', label: t('route.reject') },
  ];
  const target = (route: Route | null, set: (r: Route) => void, label: string, testId: string) => (
    <Select
      aria-label={label}
      value={encode(route)}
      onChange={(v: string) => set(decode(v))}
      options={destinations}
      style={{ minWidth: 160 }}
      data-testid={testId}
    />
  );
  const branchesOn = value.kind === 'branches';
  const toggle = (on: boolean) =>
    onChange(
      on
        ? {
            kind: 'branches',
            branches: [{ when: { field: fields[0]?.value ?? '', op: 'gt', value: 0 }, to: value }],
            otherwise: value,
          }
        : value.kind === 'branches'
          ? (value.otherwise ?? { kind: 'ending', ending: 'end' })
          : value,
    );
  if (value.kind !== 'branches') {
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        {target(value, onChange, t('route.label'), 'route-to')}
        <label>
          <Switch size="small" checked={false} onChange={toggle} data-testid="route-branches" /> {t('route.branches')}
        </label>
      </Space>
    );
  }
  const setBranch = (i: number, when: Condition, to: Route) =>
    onChange({ ...value, branches: value.branches.map((b, j) => (j === i ? { when, to } : b)) });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <label>
        <Switch size="small" checked={branchesOn} onChange={toggle} data-testid="route-branches" />{' '}
        {t('route.branches')}
      </label>
      {value.branches.map((b, i) => {
        if (!('field' in b.when))
          return (
            <Typography.Text key={i} type="secondary">
              {t('route.complex')}
            </Typography.Text>
          );
        const when = b.when as Simple;
        const numeric = fields.find((f) => f.value === when.field)?.numeric ?? false;
        return (
          <div key={i} className="sh-route-branch" data-testid={`route-branch-${i}`}>
            <Select
              aria-label={t('route.field')}
              value={when.field || undefined}
              options={fields}
              style={{ minWidth: 120 }}
              onChange={(field: string) => setBranch(i, { ...when, field }, b.to)}
              data-testid={`route-branch-${i}-field`}
            />
            <Select
              aria-label={t('route.op')}
              value={when.op}
              style={{ minWidth: 110 }}
              options={OPS.map((op) => ({ value: op, label: t(`route.ops.${op}`) }))}
              onChange={(op: Simple['op']) => setBranch(i, { ...when, op }, b.to)}
              data-testid={`route-branch-${i}-op`}
            />
            <Input
              aria-label={t('route.value')}
              value={String(when.value ?? '')}
              style={{ width: 100 }}
              data-testid={`route-branch-${i}-value`}
              onChange={(e) => {
                const raw = e.target.value;
                const v = numeric && raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
                setBranch(i, { ...when, value: v }, b.to);
              }}
            />
            {target(b.to, (to) => setBranch(i, when, to), t('route.to'), `route-branch-${i}-to`)}
            <Button
              size="small"
              onClick={() => onChange({ ...value, branches: value.branches.filter((_, j) => j !== i) })}
            >
              {t('route.removeBranch')}
            </Button>
          </div>
        );
      })}
      <Button
        size="small"
        data-testid="route-add-branch"
        onClick={() =>
          onChange({
            ...value,
            branches: [
              ...value.branches,
              {
                when: { field: fields[0]?.value ?? '', op: 'eq', value: '' },
                to: value.otherwise ?? { kind: 'ending', ending: 'end' },
              },
            ],
          })
        }
      >
        {t('route.addBranch')}
      </Button>
      <div className="sh-route-branch">
        <span>{t('route.otherwise')}</span>
        {target(
          value.otherwise,
          (otherwise) => onChange({ ...value, otherwise }),
          t('route.otherwise'),
          'route-otherwise',
        )}
      </div>
    </Space>
  );
}
