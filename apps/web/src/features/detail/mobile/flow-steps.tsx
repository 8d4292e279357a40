import { Card, Steps } from 'antd-mobile';
import type { DiagramNode, ProcessStatus } from '@service-hall/contracts';
import { useTranslation } from 'react-i18next';
import { nodeStepStatus, nodeUsers } from '../logic/diagram-view.ts';

/** Where the process is, on the phone: the same vertical list of nodes as the desktop diagram (flow-diagram.tsx). */
export function FlowSteps({ nodes, status }: { nodes: DiagramNode[]; status: ProcessStatus }) {
  const { t } = useTranslation('detail');
  if (nodes.length === 0) return null;
  return (
    <Card title={t('flow')}>
      <Steps direction="vertical" data-testid="flow-diagram">
        {nodes.map((n) => {
          const who = n.kind === 'end' ? '' : nodeUsers(n, t);
          return (
            <Steps.Step key={n.id} status={nodeStepStatus(n, status)}
              title={<span data-testid={`flow-node-${n.id}`} data-status={n.status}>{n.name}</span>}
              description={`${t(`node.${n.status}`)}${who ? ` · ${who}` : ''}`} />
          );
        })}
      </Steps>
    </Card>
  );
}
