import { Button, Dropdown, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import type { DefinitionIssue } from '@service-hall/engine';

import { insertNode, type NewNodeKind } from './flow-edit.ts';
import { forwardActionIndex, type FlowModel, type FlowNode } from './flow-model.ts';
import { assigneeSummary, conditionSummary, fieldLabeller, pickText, routeSummary } from './node-summary.ts';

import './flow-designer.css';

/**
 * The flow as DingTalk/Feishu approvals draw it: a vertical column of cards from "applicant submits" to "end", a
 * "+" between any two to insert an approver, cc or branch node. Cards are buttons (Tab, Enter opens the node's
 * settings); problems the publish check found show on their node; the simulation's path is highlighted.
 */
export function FlowDesigner({
  model,
  onChange,
  selected,
  onSelect,
  issues,
  highlight,
}: {
  model: FlowModel;
  onChange?: (model: FlowModel) => void;
  selected?: string | null;
  onSelect?: (id: string) => void;
  issues: DefinitionIssue[];
  /** Step ids on a simulated path. */
  highlight?: Set<string>;
}) {
  const { t, i18n } = useTranslation('definitions');
  const lang = i18n.language;
  const label = fieldLabeller(model.rest.form, lang);
  const texts = {
    approver: { zh: '审批人', en: 'Approver' },
    cc: { zh: '抄送人', en: 'Cc' },
    approve: { zh: '同意', en: 'Approve' },
    reject: { zh: '驳回', en: 'Reject' },
    next: { zh: '继续', en: 'Next' },
  };
  const add = (after: number, kind: NewNodeKind) => {
    const next = insertNode(model, after, kind, texts);
    onChange?.(next);
    onSelect?.(next.nodes[after + 1]!.id);
  };
  const plus = (after: number, name: string) =>
    !onChange ? (
      <div className="sh-flow-line" aria-hidden="true" />
    ) : (
      <div className="sh-flow-plus">
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'approval', label: t('node.addApproval') },
              { key: 'cc', label: t('node.addCc') },
              { key: 'branch', label: t('node.addBranch') },
            ],
            onClick: ({ key }) => add(after, key as NewNodeKind),
          }}
        >
          <Button
            shape="circle"
            size="small"
            aria-label={after < 0 ? t('node.addStart') : t('node.addAfter', { name })}
            data-testid={`flow-add-${after}`}
          >
            +
          </Button>
        </Dropdown>
      </div>
    );
  const card = (node: FlowNode, i: number) => {
    const mine = issues.filter((x) => x.stepId === node.id);
    const forward = node.actions[forwardActionIndex(node)]?.route;
    const nextId = model.nodes[i + 1]?.id;
    const isCc = node.kind === 'cc';
    const classes = [
      'sh-flow-card',
      isCc ? 'is-cc' : 'is-approval',
      selected === node.id && 'is-selected',
      mine.length > 0 && 'has-issue',
      highlight?.has(node.id) && 'is-highlighted',
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <div key={node.id} className="sh-flow-item">
        <button
          type="button"
          className={classes}
          onClick={() => onSelect?.(node.id)}
          data-testid={`designer-node-${node.id}`}
          aria-pressed={selected === node.id}
        >
          <span className="sh-flow-card-head">
            <span>{isCc ? t('node.cc') : t('node.approval')}</span>
            {highlight?.has(node.id) && <Tag color="green">{t('node.highlighted')}</Tag>}
          </span>
          <span className="sh-flow-card-body">
            <strong>{pickText(node.name, lang)}</strong>
            <span>
              {assigneeSummary(node.assignee, t, label)}
              {!isCc && node.mode === 'all' ? ` · ${t('mode.all')}` : ''}
            </span>
            {forward?.kind === 'branches' && (
              <span className="sh-flow-branches">
                {forward.branches.map((b, j) => (
                  <span key={j} className="sh-flow-branch">
                    {conditionSummary(b.when, t, label)} → {routeSummary(b.to, model, t, lang)}
                  </span>
                ))}
                <span className="sh-flow-branch">
                  {t('node.otherwise')} → {forward.otherwise ? routeSummary(forward.otherwise, model, t, lang) : '—'}
                </span>
              </span>
            )}
            {forward &&
              forward.kind !== 'branches' &&
              !(forward.kind === 'step' && forward.stepId === nextId) &&
              !(forward.kind === 'ending' && forward.ending === 'end' && !nextId) && (
                <span className="sh-flow-then">{t('node.then', { to: routeSummary(forward, model, t, lang) })}</span>
              )}
          </span>
          {mine.map((x, j) => (
            <span key={j} className="sh-flow-issue" role="alert">
              {pickText(x.message, lang)}
            </span>
          ))}
        </button>
        {plus(i, pickText(node.name, lang))}
      </div>
    );
  };
  return (
    <div className="sh-flow" data-testid="flow-designer">
      <div className="sh-flow-item">
        <div className="sh-flow-card is-start">{t('node.start')}</div>
        {plus(-1, '')}
      </div>
      {model.nodes.map(card)}
      <div className="sh-flow-item">
        <div className="sh-flow-card is-end">{t('node.end')}</div>
      </div>
    </div>
  );
}
