import type { HTMLAttributes } from 'react';
import { Button, Popconfirm, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { CheckCircleFilled, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WhatsappDto } from '@balcao/shared';
import { ConnectionActions, type SessionHandlers } from './ConnectionActions';
import { ConnectionHealthBadge } from './ConnectionHealthBadge';
import { formatPhone, formatUpdatedAt } from './connections.logic';
import { useMediaQuery } from '../../lib/useMediaQuery';

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
  // Issue 10 item 9: under 576 px the number, the default mark and the status move under the
  // name and the last-update column goes: name, session and actions fit 390 px without scrolling.
  const narrow = useMediaQuery('(max-width: 575px)');
  const all: TableColumnsType<WhatsappDto> = [
    {
      key: 'name',
      title: t('connections.name'),
      render: (_, w) =>
        narrow ? (
          <div style={{ minWidth: 0, wordBreak: 'break-word' }}>
            <div>
              {w.name} {w.isDefault && <CheckCircleFilled style={{ color: '#52c41a' }} data-testid="conn-default" aria-label={t('connections.default')} />}
            </div>
            <div style={{ fontSize: 12, opacity: 0.65 }} data-testid="conn-number">
              {formatPhone(w.number)}
            </div>
            <Tag color={STATUS_COLOR[w.status]} style={{ marginTop: 4 }}>
              {w.status}
            </Tag>
            <ConnectionHealthBadge id={w.id} name={w.name} />
          </div>
        ) : (
          <span>
            {w.name} <ConnectionHealthBadge id={w.id} name={w.name} />
          </span>
        ),
    },
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
  const hiddenWhenNarrow = new Set(['number', 'status', 'updatedAt', 'isDefault']);
  const columns = narrow ? all.filter((c) => !hiddenWhenNarrow.has(String(c.key))) : all;
  return (
    <Table<WhatsappDto>
      data-testid="connections-table"
      rowKey="id"
      size="small"
      loading={loading}
      columns={columns}
      dataSource={list}
      pagination={false}
      scroll={narrow ? undefined : { x: 'max-content' }}
      onRow={(w) => ({ 'data-testid': 'connection-row', 'data-status': w.status, 'data-connection-id': w.id }) as HTMLAttributes<HTMLElement>}
    />
  );
};
