import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const KEYS = [
  ['j / ↓', 'down'],
  ['k / ↑', 'up'],
  ['x', 'tick'],
  ['Enter', 'open'],
  ['a', 'approve'],
  ['r', 'reject'],
  ['?', 'help'],
] as const;

/** The keys of the to-do list's keyboard triage. */
export function TriageHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('todo');
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('triage.title')} data-testid="triage-help-dialog">
      <table style={{ borderCollapse: 'collapse', width: '100%' }}>
        <tbody>
          {KEYS.map(([key, what]) => (
            <tr key={key}>
              <td style={{ padding: '4px 12px 4px 0', whiteSpace: 'nowrap' }}>
                <Typography.Text keyboard>{key}</Typography.Text>
              </td>
              <td style={{ padding: 4 }}>{t(`triage.${what}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
