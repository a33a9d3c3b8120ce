import type { HTMLAttributes } from 'react';
import { Button, Popconfirm, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { CheckCircleFilled, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WhatsappDto } from '@balcao/shared';
import { ConnectionActions, type SessionHandlers } from './ConnectionActions';
import { formatPhone, formatUpdatedAt } from './connections.logic';

const STATUS_COLOR: Record<WhatsappDto['status'], string> = {
  CONNECTED: 'green',
  qrcode: 'blue',
  PAIRING: 'gold',
  DISCONNECTED: 'red',
  TIMEOUT: 'orange',
  OPENING: 'processing',
};

interface Props {
  list: WhatsappDto[];
  loading: boolean;
  handlers: SessionHandlers;
  onEdit: (w: WhatsappDto) => void;
  onDelete: (w: WhatsappDto) => Promise<unknown>;
}

export const ConnectionsTable = ({ list, loading, handlers, onEdit, onDelete }: Props) => {
  const { t } = useTranslation();
  const columns: TableColumnsType<WhatsappDto> = [
    { key: 'name', title: t('connections.name'), dataIndex: 'name' },
    { key: 'number', title: t('connections.number'), render: (_, w) => <span data-testid="conn-number">{formatPhone(w.number)}</span> },
    { key: 'status', title: t('connections.status'), render: (_, w) => <Tag color={STATUS_COLOR[w.status]}>{w.status}</Tag> },
    { key: 'session', title: t('connections.session'), render: (_, w) => <ConnectionActions connection={w} handlers={handlers} /> },
    { key: 'updatedAt', title: t('connections.lastUpdate'), render: (_, w) => <span data-testid="conn-updated-at">{formatUpdatedAt(w.updatedAt)}</span> },
    {
      key: 'isDefault',
      title: t('connections.default'),
      align: 'center',
      render: (_, w) => (w.isDefault ? <CheckCircleFilled style={{ color: '#52c41a' }} data-testid="conn-default" aria-label={t('connections.default')} /> : null),
    },
    {
      key: 'actions',
      title: t('connections.actions'),
      align: 'center',
      render: (_, w) => (
        <Space size="small">
          <Tooltip title={t('connections.edit')}>
            <Button size="small" icon={<EditOutlined />} data-testid="conn-edit" aria-label={t('connections.edit')} onClick={() => onEdit(w)} />
          </Tooltip>
          <Popconfirm
            title={t('connections.deleteTitle', { name: w.name })}
            description={t('connections.deleteText')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'conn-delete-confirm' }}
            onConfirm={() => onDelete(w)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} data-testid="conn-delete" aria-label={t('connections.delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Table<WhatsappDto>
      data-testid="connections-table"
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={list}
      pagination={false}
      onRow={(w) => ({ 'data-testid': 'connection-row', 'data-status': w.status, 'data-connection-id': w.id }) as HTMLAttributes<HTMLElement>}
    />
  );
};
