import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Drawer, Flex, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import i18n, { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryDto, WebhookDto } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { webhooksApi } from './webhooks.api';

const STATUS_COLOR: Record<WebhookDeliveryDto['status'], string> = { pending: 'processing', delivered: 'success', failed: 'error' };
const STATUS_KEY = { pending: 'webhooks.statusPending', delivered: 'webhooks.statusDelivered', failed: 'webhooks.statusFailed' } as const;
/** While a row is pending the log refreshes itself this often (it stops once none is). */
export const DELIVERY_POLL_MS = 2000;

/** An event's words ('Mensagem criada'), or the event itself when it has none. */
export const eventLabel = (t: TFunction, event: string): string => {
  const key = `webhooks.eventNames.${event.replace('.', '_')}` as 'webhooks.eventNames.message_created';
  return i18n.exists(key) ? String(t(key)) : event;
};

/** A webhook's delivery log: status, attempts, response code, time; replay per row and "send test". */
export const DeliveriesDrawer = ({ webhook, onClose }: { webhook: WebhookDto | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 575px)');
  const [rows, setRows] = useState<WebhookDeliveryDto[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<number | 'test' | null>(null);
  const id = webhook?.id;
  const live = useRef(0);

  const load = useCallback(
    async (pageNumber: number, quiet = false) => {
      if (!id) return;
      const mine = ++live.current;
      if (!quiet) setLoading(true);
      try {
        const r = await webhooksApi.deliveries(id, pageNumber);
        if (mine !== live.current) return;
        setRows((prev) => (pageNumber === 1 ? r.deliveries : [...prev, ...r.deliveries]));
        setHasMore(r.hasMore);
        setPage(pageNumber);
      } catch (err) {
        if (!quiet) toastError(err);
      } finally {
        if (mine === live.current) setLoading(false);
      }
    },
    [id],
  );

  useEffect(() => {
    setRows([]);
    if (id) void load(1);
    return () => void ++live.current;
  }, [id, load]);

  // Pending rows move on their own (retries): refresh the first page while any is pending.
  const pending = rows.some((r) => r.status === 'pending');
  useEffect(() => {
    if (!id || !pending || loading) return;
    const timer = setTimeout(() => void load(1, true), DELIVERY_POLL_MS);
    return () => clearTimeout(timer);
  }, [id, pending, loading, rows, load]);

  const sendTest = async () => {
    if (!id) return;
    setBusy('test');
    try {
      const d = await webhooksApi.test(id);
      setRows((prev) => [d, ...prev.filter((r) => r.id !== d.id)]);
      toast.success(t('webhooks.testSent'));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  const replay = async (d: WebhookDeliveryDto) => {
    if (!id) return;
    setBusy(d.id);
    try {
      const next = await webhooksApi.replay(id, d.id);
      setRows((prev) => prev.map((r) => (r.id === next.id ? next : r)));
      toast.success(t('webhooks.replayed'));
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumnsType<WebhookDeliveryDto> = [
    {
      key: 'event',
      title: t('webhooks.event'),
      render: (_, d) => (
        <Flex vertical gap={0}>
          <span>{eventLabel(t, d.event)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dayjs(d.createdAt).format('DD/MM/YYYY HH:mm:ss')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('webhooks.status'),
      width: narrow ? 92 : 110,
      render: (_, d) => (
        <Tooltip title={d.error ?? undefined}>
          <Tag color={STATUS_COLOR[d.status]} data-testid="webhook-delivery-status" data-status={d.status}>
            {t(STATUS_KEY[d.status])}
          </Tag>
        </Tooltip>
      ),
    },
    { key: 'attempts', title: t('webhooks.attempts'), width: narrow ? 64 : 90, align: 'center', render: (_, d) => <span data-testid="webhook-delivery-attempts">{d.attempts}</span> },
    ...(narrow
      ? []
      : [
          {
            key: 'response',
            title: t('webhooks.response'),
            width: 96,
            align: 'center' as const,
            render: (_: unknown, d: WebhookDeliveryDto) => <span data-testid="webhook-delivery-response">{d.responseStatus ?? '—'}</span>,
          },
        ]),
    {
      key: 'actions',
      title: '',
      width: 56,
      align: 'center',
      render: (_, d) => (
        <Tooltip title={t('webhooks.replay')}>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            aria-label={t('webhooks.replay')}
            loading={busy === d.id}
            disabled={d.status === 'pending'}
            onClick={() => void replay(d)}
            data-testid="webhook-delivery-replay"
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <Drawer
      open={webhook !== null}
      onClose={onClose}
      title={webhook ? t('webhooks.logTitle', { name: webhook.name }) : ''}
      width={narrow ? '100%' : 720}
      styles={{ body: { padding: narrow ? 8 : 24 } }}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button icon={<ReloadOutlined />} aria-label={t('webhooks.refresh')} onClick={() => void load(1)} data-testid="webhook-log-refresh" />
          <Button type="primary" icon={<SendOutlined />} loading={busy === 'test'} onClick={() => void sendTest()} data-testid="webhook-send-test">
            {narrow ? null : t('webhooks.sendTest')}
          </Button>
        </Flex>
      }
    >
      <Table<WebhookDeliveryDto>
        data-testid="webhook-log"
        rowKey="id"
        size="small"
        loading={loading && rows.length === 0}
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: loading ? ' ' : t('webhooks.logEmpty') }}
        onRow={(d) => ({ 'data-testid': 'webhook-delivery-row', 'data-id': d.id }) as React.HTMLAttributes<HTMLElement>}
        expandable={{
          rowExpandable: (d) => !!(d.error || d.responseBody),
          expandedRowRender: (d) => (
            <Flex vertical gap={4} style={{ wordBreak: 'break-word' }}>
              {d.error ? (
                <Typography.Text type="danger">
                  {t('webhooks.error')}: {d.error}
                </Typography.Text>
              ) : null}
              {d.responseBody ? <Typography.Text code>{d.responseBody}</Typography.Text> : null}
              <Typography.Text type="secondary" copyable={{ text: d.eventId }} style={{ fontSize: 12 }}>
                X-Balcao-Delivery: {d.eventId}
              </Typography.Text>
            </Flex>
          ),
        }}
      />
      {hasMore ? (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Button onClick={() => void load(page + 1)} data-testid="webhook-log-more">
            {t('webhooks.more')}
          </Button>
        </Flex>
      ) : null}
    </Drawer>
  );
};
