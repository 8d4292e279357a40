import type { DiagramNode, ProcessStatus } from '@service-hall/contracts';

/** A diagram node as a step of antd's and antd-mobile's Steps: the end of a rejected or withdrawn process is an error. */
export function nodeStepStatus(n: DiagramNode, status: ProcessStatus): 'finish' | 'process' | 'wait' | 'error' {
  if (n.kind === 'end' && (status === 'rejected' || status === 'withdrawn')) return 'error';
  if (n.status === 'done') return 'finish';
  return n.status === 'current' ? 'process' : 'wait';
}

/** Who a node names, joined; "nobody" for a step nobody holds or would get. */
export function nodeUsers(n: DiagramNode, t: (key: string) => string): string {
  if (n.users.length === 0) return n.status === 'skipped' ? '' : t('nodeNobody');
  return n.users.map((u) => u.name).join(t('listSep'));
}
