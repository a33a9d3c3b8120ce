import { Tag, type TableColumnsType } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WhatsappDto } from '@balcao/shared';
import { actionsColumn, RowActions } from '../../components/RowActions';
import { ConnectionActions, type SessionHandlers } from './ConnectionActions';
import { CloudQualityTag } from './CloudQualityTag';
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

interface Options {
  handlers: SessionHandlers;
  onEdit: (w: WhatsappDto) => void;
  onDelete: (w: WhatsappDto) => Promise<void>;
}

/** The /connections table's columns. */
export const useConnectionColumns = ({ handlers, onEdit, onDelete }: Options): TableColumnsType<WhatsappDto> => {
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
            <CloudQualityTag cloud={w.cloud} />
          </div>
        ) : (
          <span>
            {w.name} <ConnectionHealthBadge id={w.id} name={w.name} />
          </span>
        ),
    },
    { key: 'number', title: t('connections.number'), render: (_, w) => <span data-testid="conn-number">{formatPhone(w.number)}</span> },
    {
      key: 'status',
      title: t('connections.status'),
      render: (_, w) => (
        <>
          <Tag color={STATUS_COLOR[w.status]}>{w.status}</Tag>
          <CloudQualityTag cloud={w.cloud} />
        </>
      ),
    },
    { key: 'session', title: t('connections.session'), render: (_, w) => <ConnectionActions connection={w} handlers={handlers} /> },
    { key: 'updatedAt', title: t('connections.lastUpdate'), render: (_, w) => <span data-testid="conn-updated-at">{formatUpdatedAt(w.updatedAt)}</span> },
    {
      key: 'isDefault',
      title: t('connections.default'),
      align: 'center',
      render: (_, w) => (w.isDefault ? <CheckCircleFilled style={{ color: '#52c41a' }} data-testid="conn-default" aria-label={t('connections.default')} /> : null),
    },
    actionsColumn(t('connections.actions'), undefined, (w) => (
      <RowActions
        edit={{ label: t('connections.edit'), testId: 'conn-edit', onClick: () => onEdit(w) }}
        remove={{ label: t('connections.delete'), testId: 'conn-delete', title: t('connections.deleteTitle', { name: w.name }), description: t('connections.deleteText'), onConfirm: () => onDelete(w) }}
      />
    )),
  ];
  const hiddenWhenNarrow = new Set(['number', 'status', 'updatedAt', 'isDefault']);
  return narrow ? all.filter((c) => !hiddenWhenNarrow.has(String(c.key))) : all;
};
