import { Card, Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

import type { DiagramNode, ProcessStatus } from '@service-hall/contracts';

import { nodeStepStatus, nodeText } from '../logic/diagram-view.ts';

/** Where the process is, on the phone: the same vertical list of nodes as the desktop diagram (flow-diagram.tsx). */
export function FlowSteps({ nodes, status }: { nodes: DiagramNode[]; status: ProcessStatus }) {
  const { t } = useTranslation('detail');
  if (nodes.length === 0) return null;
  return (
    <Card title={t('flow')}>
      <Steps direction="vertical" data-testid="flow-diagram">
        {nodes.map((n) => (
          <Steps.Step
            key={n.id}
            status={nodeStepStatus(n, status)}
            title={
              <span data-testid={`flow-node-${n.id}`} data-status={n.status}>
                {n.name}
              </span>
            }
            description={<span data-testid={`flow-node-${n.id}-text`}>{nodeText(n, t)}</span>}
          />
        ))}
      </Steps>
    </Card>
  );
}
