import { useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Flex, Progress, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { CampaignDto, CampaignReport } from '@balcao/shared';
import { cancelable } from '../../lib/cancelable';
import { toastError } from '../../lib/reportError';
import { listenLive } from '../../lib/socket';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { campaignsApi } from './campaigns.api';
import { formatDateTime } from './campaigns.format';
import { statusColor } from './CampaignsPage';

/** administration.md §4: the report reloads this long after FINALIZADA arrives. */
export const REPORT_RELOAD_MS = 5000;

const percent = (r: CampaignReport) => (r.planned ? Math.round((r.done / r.planned) * 100) : 0);

/**
 * /campaign/:campaignId/report: the progress bar and the ledger's cards (planned, confirmation
 * requested, confirmed, delivered, read, failed, skipped not-on-WhatsApp, skipped opted-out, held by
 * the gate and why), live through `company-<id>-campaign`; reloaded 5 s after FINALIZADA.
 */
export const CampaignReportPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 575px)');
  const id = Number(useParams().campaignId);
  const [campaign, setCampaign] = useState<CampaignDto | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>('loading');
  const [reloads, setReloads] = useState(0);

  useEffect(
    () =>
      cancelable(() => campaignsApi.show(id), {
        then: (c) => {
          setCampaign(c);
          setState('ready');
        },
        failed: (err) => {
          setState((s) => (s === 'ready' ? s : 'missing'));
          toastError(err);
        },
      }),
    [id, reloads],
  );

  useEffect(
    () =>
      listenLive('campaign', (e) => {
        if (e.action === 'delete') {
          if (e.id === id) setState('missing');
          return;
        }
        if (e.record.id !== id) return;
        setCampaign((before) => {
          if (e.record.status === 'FINALIZADA' && before?.status !== 'FINALIZADA') setTimeout(() => setReloads((n) => n + 1), REPORT_RELOAD_MS);
          return e.record;
        });
      }),
    [id],
  );

  if (state === 'loading')
    return (
      <Card style={{ margin: narrow ? 8 : 16 }} data-testid="campaign-report-skeleton" aria-busy>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  if (state === 'missing' || !campaign)
    return (
      <Card style={{ margin: narrow ? 8 : 16 }}>
        <Empty description={t('campaigns.notFound')} data-testid="campaign-report-missing" />
      </Card>
    );

  const r = campaign.report;
  const byReason = (counts: Record<string, number>) =>
    Object.entries(counts)
      .filter(([reason]) => reason !== 'opt-out')
      .map(([reason, n]) => `${t(`campaigns.holdReasons.${reason}`, { defaultValue: reason })}: ${n}`)
      .join(' · ');
  const cards: { key: keyof CampaignReport; label: string; show?: boolean; extra?: string }[] = [
    { key: 'planned', label: t('campaigns.planned') },
    { key: 'confirmationRequested', label: t('campaigns.confirmationRequested'), show: campaign.confirmation },
    { key: 'confirmed', label: t('campaigns.confirmed'), show: campaign.confirmation },
    { key: 'delivered', label: t('campaigns.delivered') },
    { key: 'read', label: t('campaigns.read') },
    { key: 'failed', label: t('campaigns.failed') },
    { key: 'skippedInvalid', label: t('campaigns.skippedInvalid') },
    { key: 'skippedOptOut', label: t('campaigns.skippedOptOut') },
    // Held now (and those rows by reason) apart from held once and released since: each card's
    // detail counts the same rows as its number.
    { key: 'held', label: t('campaigns.held'), extra: byReason(r.holds) },
    { key: 'delayed', label: t('campaigns.delayed'), show: r.delayed > 0, extra: byReason(r.delays) },
  ];

  return (
    <Card style={{ margin: narrow ? 8 : 16 }} styles={{ body: { padding: narrow ? 8 : 16 } }} data-testid="campaign-report">
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <Button icon={<ArrowLeftOutlined />} aria-label={t('campaigns.back')} onClick={() => navigate('/campaigns')} />
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
            {t('campaigns.reportTitle', { name: campaign.name })}
          </Typography.Title>
        </Flex>
        <Tag color={statusColor[campaign.status]} data-testid="campaign-report-status" data-status={campaign.status}>
          {t(`campaigns.statuses.${campaign.status}`)}
        </Tag>
      </Flex>
      <Typography.Text type="secondary">{t('campaigns.progress')}</Typography.Text>
      <Progress percent={percent(r)} status={campaign.status === 'EM_ANDAMENTO' ? 'active' : undefined} data-testid="campaign-progress" />
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        {cards
          .filter((c) => c.show !== false)
          .map((c) => (
            <Col key={c.key} xs={12} sm={8} lg={6}>
              <Card size="small" data-testid={`campaign-card-${c.key}`}>
                <Statistic title={c.label} value={r[c.key] as number} />
                {c.extra ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{c.extra}</Typography.Text> : null}
              </Card>
            </Col>
          ))}
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} sm={12} lg={6}>
          <Statistic title={t('campaigns.whatsapp')} value={campaign.whatsapp?.name ?? t('campaigns.notDefined')} valueStyle={{ fontSize: 16 }} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          {/* The audience: a contact list, or a tag (then labelled as one). */}
          <Statistic
            title={t(campaign.contactList || !campaign.tag ? 'campaigns.contactList' : 'campaigns.audienceTag')}
            value={campaign.contactList?.name ?? (campaign.tag ? `#${campaign.tag.name}` : t('campaigns.notDefinedF'))}
            valueStyle={{ fontSize: 16 }}
            data-testid="campaign-report-audience"
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Statistic title={t('campaigns.scheduledAt')} value={campaign.scheduledAt ? formatDateTime(campaign.scheduledAt) : t('campaigns.noSchedule')} valueStyle={{ fontSize: 16 }} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Statistic title={t('campaigns.completedAt')} value={campaign.completedAt ? formatDateTime(campaign.completedAt) : t('campaigns.notCompleted')} valueStyle={{ fontSize: 16 }} />
        </Col>
      </Row>
    </Card>
  );
};
