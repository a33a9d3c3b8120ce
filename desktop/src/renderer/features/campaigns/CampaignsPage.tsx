import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Flex, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { BarChartOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CampaignDto, CampaignStatus } from '@balcao/shared';
import { useEditDialog } from '../../components/FormDialog';
import { LIST_NARROW_QUERY, ListPage } from '../../components/ListPage';
import { actionsColumn, AddButton, RowActions } from '../../components/RowActions';
import { formatDateTime } from './campaigns.format';
import { toastError } from '../../lib/reportError';
import { useBusyKey } from '../../lib/useBusy';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { campaignsApi } from './campaigns.api';
import { CampaignModal } from './CampaignModal';

const upsert = (list: CampaignDto[], c: CampaignDto) => (list.some((x) => x.id === c.id) ? list.map((x) => (x.id === c.id ? c : x)) : [c, ...list]);

export const statusColor: Record<CampaignStatus, string> = { INATIVA: 'default', PROGRAMADA: 'blue', EM_ANDAMENTO: 'processing', CANCELADA: 'warning', FINALIZADA: 'success' };

/**
 * /campaigns (administration.md "Campaigns"): name, status, contact list ('Não definida'),
 * connection ('Não definido'), scheduledAt ('Sem agendamento'), completedAt ('Não concluída'),
 * actions: stop (EM_ANDAMENTO), restart (CANCELADA), report, edit, delete. Live through
 * `company-<id>-campaign`; searched by name, paged by "load more".
 */
export const CampaignsPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery(LIST_NARROW_QUERY);
  const [records, setRecords] = useState<CampaignDto[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [page, setPage] = useState(1);
  const [loaded, setLoaded] = useState(false);
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), 400);
  const dialog = useEditDialog<CampaignDto>();
  const [busy, run] = useBusyKey<number>();
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    if (page === 1) setLoaded(false);
    campaignsApi
      .list({ searchParam: searchParam || undefined, pageNumber: page })
      .then((r) => {
        if (mine !== seq.current) return;
        setRecords((list) => (page === 1 ? r.records : [...list, ...r.records.filter((x) => !list.some((y) => y.id === x.id))]));
        setHasMore(r.hasMore);
      })
      .catch(toastError)
      .finally(() => mine === seq.current && setLoaded(true));
  }, [searchParam, page]);
  useEffect(() => setPage(1), [searchParam]);

  useEffect(
    () =>
      listenLive('campaign', (e) => {
        if (e.action === 'delete') setRecords((list) => list.filter((x) => x.id !== e.id));
        else setRecords((list) => (e.action === 'update' && !list.some((x) => x.id === e.record.id) ? list : upsert(list, e.record)));
      }),
    [],
  );

  const onSaved = useCallback((c: CampaignDto) => setRecords((list) => upsert(list, c)), []);
  const act = (c: CampaignDto, what: 'cancel' | 'restart' | 'remove') =>
    run(async () => {
      if (what === 'remove') {
        await campaignsApi.remove(c.id);
        setRecords((list) => list.filter((x) => x.id !== c.id));
        toast.info(t('campaigns.deleted'));
      } else {
        const saved = what === 'cancel' ? await campaignsApi.cancel(c.id) : await campaignsApi.restart(c.id);
        setRecords((list) => upsert(list, saved));
        toast.success(t(what === 'cancel' ? 'campaigns.cancelled' : 'campaigns.restarted'));
      }
    }, c.id);

  const columns: TableColumnsType<CampaignDto> = [
    { key: 'name', title: t('campaigns.name'), render: (_, c) => <Typography.Text ellipsis style={{ maxWidth: narrow ? 110 : 260 }}>{c.name}</Typography.Text> },
    { key: 'status', title: t('campaigns.status'), align: 'center', render: (_, c) => <Tag color={statusColor[c.status]} data-testid="campaign-status">{t(`campaigns.statuses.${c.status}`)}</Tag> },
    { key: 'list', title: t('campaigns.contactList'), align: 'center', render: (_, c) => c.contactList?.name ?? (c.tag ? `#${c.tag.name}` : t('campaigns.notDefinedF')) },
    { key: 'whatsapp', title: t('campaigns.whatsapp'), align: 'center', render: (_, c) => c.whatsapp?.name ?? t('campaigns.notDefined') },
    { key: 'scheduledAt', title: t('campaigns.scheduledAt'), align: 'center', render: (_, c) => (c.scheduledAt ? formatDateTime(c.scheduledAt) : t('campaigns.noSchedule')) },
    { key: 'completedAt', title: t('campaigns.completedAt'), align: 'center', render: (_, c) => (c.completedAt ? formatDateTime(c.completedAt) : t('campaigns.notCompleted')) },
    actionsColumn(t('campaigns.actions'), narrow ? 120 : 170, (c) => (
      <RowActions
        lead={
          <>
            {c.status === 'EM_ANDAMENTO' && (
              <Tooltip title={t('campaigns.stop')}>
                <Button size="small" icon={<PauseCircleOutlined />} aria-label={t('campaigns.stop')} data-testid="campaign-stop" loading={busy === c.id} onClick={() => void act(c, 'cancel')} />
              </Tooltip>
            )}
            {c.status === 'CANCELADA' && (
              <Tooltip title={t('campaigns.restart')}>
                <Button size="small" icon={<PlayCircleOutlined />} aria-label={t('campaigns.restart')} data-testid="campaign-restart" loading={busy === c.id} onClick={() => void act(c, 'restart')} />
              </Tooltip>
            )}
            <Tooltip title={t('campaigns.report')}>
              <Button size="small" icon={<BarChartOutlined />} aria-label={t('campaigns.report')} data-testid="campaign-report" onClick={() => navigate(`/campaign/${c.id}/report`)} />
            </Tooltip>
          </>
        }
        edit={{ label: t('campaigns.edit'), testId: 'campaign-edit', onClick: () => dialog.edit(c) }}
        remove={{ label: t('campaigns.delete'), testId: 'campaign-delete', title: t('campaigns.deleteTitle', { name: c.name }), description: t('campaigns.deleteText'), onConfirm: () => act(c, 'remove') }}
      />
    )),
  ];

  // Only a new search's first page shows the skeleton; "load more" keeps the table.
  const shown = loaded || page > 1;

  return (
    <ListPage<CampaignDto>
      testId="campaigns"
      title={t('campaigns.title')}
      search={{ value: search, onChange: setSearch, placeholder: t('campaigns.search') }}
      actions={<AddButton label={t('campaigns.add')} testId="campaigns-add" onClick={dialog.add} />}
      toolbarFlex="0 1 360px"
      loaded={shown}
      columns={columns}
      records={records}
      rowTestId="campaign-row"
      rowData={(c) => ({ 'data-status': c.status })}
      tableScroll={{ x: 'max-content' }}
      emptyText={t('campaigns.empty')}
    >
      {shown && hasMore && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Button onClick={() => setPage((p) => p + 1)} data-testid="campaigns-more">
            {t('common.loadMore')}
          </Button>
        </Flex>
      )}
      <CampaignModal open={dialog.open} campaign={dialog.record} onClose={dialog.close} onSaved={onSaved} />
    </ListPage>
  );
};
