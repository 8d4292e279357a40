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

/**
 * What a node of the diagram says under its name: "status · who" for the start and approval steps (nothing after
 * the end's status); a cc step, on which nobody acts, says whom it copied or will copy ("已抄送 王五").
 */
export function nodeText(n: DiagramNode, t: (key: string, o?: Record<string, string>) => string): string {
  const names = n.users.map((u) => u.name).join(t('listSep'));
  if (n.kind === 'cc' && (n.status === 'done' || n.status === 'upcoming')) {
    const which = n.status === 'done' ? 'copied' : 'toCopy';
    return names ? t(`ccNode.${which}To`, { names }) : t(`ccNode.${which}`);
  }
  if (n.kind === 'cc') return t(`node.${n.status}`);
  const who = n.kind === 'end' ? '' : nodeUsers(n, t);
  return `${t(`node.${n.status}`)}${who ? ` · ${who}` : ''}`;
}
