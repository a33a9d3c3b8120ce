import type { ReactNode } from 'react';
import { Button, Popconfirm, Space, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export interface RowActionsProps {
  /** The edit button: its label (tooltip and aria-label), test id and action. */
  edit: { label: string; testId: string; onClick: () => void };
  /** Buttons before edit (e.g. open, download). */
  lead?: ReactNode;
  /** Buttons between edit and delete (e.g. the replay). */
  extra?: ReactNode;
  /** The delete button with its confirmation; absent: no delete (not allowed). The confirm's test id is `<testId>-confirm`. */
  remove?: { label: string; testId: string; title: string; description: ReactNode; onConfirm: () => Promise<void> | void };
}

/** A list row's edit / delete buttons, the delete behind a confirmation. */
export const RowActions = ({ lead, edit, extra, remove }: RowActionsProps) => {
  const { t } = useTranslation();
  return (
    <Space size="small">
      {lead}
      <Tooltip title={edit.label}>
        <Button size="small" icon={<EditOutlined />} aria-label={edit.label} data-testid={edit.testId} onClick={edit.onClick} />
      </Tooltip>
      {extra}
      {remove ? (
        <Popconfirm
          title={remove.title}
          description={remove.description}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, 'data-testid': `${remove.testId}-confirm` }}
          onConfirm={remove.onConfirm}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={remove.label} data-testid={remove.testId} />
        </Popconfirm>
      ) : null}
    </Space>
  );
};

/** A list's actions column (centred, no sort): each row's buttons, usually `RowActions`. */
export const actionsColumn = <T,>(title: string, width: number | undefined, render: (record: T) => ReactNode): TableColumnsType<T>[number] => ({
  key: 'actions',
  title,
  align: 'center',
  width,
  render: (_: unknown, record: T) => render(record),
});

export interface AddButtonProps {
  label: string;
  testId: string;
  onClick: () => void;
  /** The button may shrink to its icon (phone width): the label is then its aria-label. Absent: always the label. */
  iconOnly?: boolean;
}

/** A list's 'Adicionar' button (primary, +). */
export const AddButton = ({ label, testId, onClick, iconOnly }: AddButtonProps) => (
  <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId} aria-label={iconOnly === undefined ? undefined : label}>
    {iconOnly ? null : label}
  </Button>
);
