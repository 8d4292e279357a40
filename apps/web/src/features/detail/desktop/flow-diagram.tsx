import { Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import type { DiagramNode, ProcessStatus } from '@service-hall/contracts';

import { nodeStepStatus, nodeText } from '../logic/diagram-view.ts';

/**
 * Where the process is: the flow as a vertical list of nodes in the DingTalk style — start,
 * each step, end — marked done, current or upcoming, with who decided, holds or would get each step; a cc step
 * says whom it copied.
 */
export function FlowDiagram({ nodes, status }: { nodes: DiagramNode[]; status: ProcessStatus }) {
  const { t } = useTranslation('detail');
  return (
    <Steps
      direction="vertical"
      size="small"
      data-testid="flow-diagram"
      items={nodes.map((n) => ({
        status: nodeStepStatus(n, status),
        title: (
          <span data-testid={`flow-node-${n.id}`} data-status={n.status}>
            {n.name}
          </span>
        ),
        description: (
          <Typography.Text
            type={n.status === 'current' ? undefined : 'secondary'}
            data-testid={`flow-node-${n.id}-text`}
          >
            {nodeText(n, t)}
          </Typography.Text>
        ),
      }))}
    />
  );
}
