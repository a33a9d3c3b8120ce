import { useEffect, useState } from 'react';
import { Card, Empty, Flex, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CloudCostsResponse } from '@balcao/shared';
import { dashboardApi } from './dashboard.api';
import { sumCloudCosts, type CloudCostRow } from './dashboard.logic';

const KNOWN = ['marketing', 'utility', 'authentication', 'authentication_international', 'service', 'referral_conversion'] as const;
type Known = (typeof KNOWN)[number];

/** This UTC month ('2026-11'), as Meta bills and the ledger files statuses (decision 0410). */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * The dashboard's Cloud API messages of this month per pricing category, with the estimated cost
 * (issue 29 §7; decision 0410): admins only, and only when the company has a Cloud connection.
 */
export const CloudCostsCard = () => {
  const { t, i18n } = useTranslation();
  const [answers, setAnswers] = useState<CloudCostsResponse[] | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    const month = thisMonth();
    dashboardApi
      .connections(abort.signal)
      .then((list) => Promise.all(list.filter((w) => w.provider === 'cloud').map((w) => dashboardApi.cloudCosts(w.id, month, abort.signal))))
      .then((a) => {
        if (!abort.signal.aborted) setAnswers(a);
      })
      // A card that could not load is not shown: the dashboard does not depend on it.
      .catch(() => undefined);
    return () => abort.abort();
  }, []);

  if (!answers || answers.length === 0) return null;
  const sum = sumCloudCosts(answers);
  const money = (v: number) => v.toLocaleString(i18n.language, { style: 'currency', currency: sum.currency, maximumFractionDigits: 4 });
  const label = (c: string) => (KNOWN.includes(c as Known) ? t(`dashboardCloudCosts.category.${c as Known}`) : c);
  const columns: TableColumnsType<CloudCostRow> = [
    { title: t('dashboardCloudCosts.categoryColumn'), dataIndex: 'category', key: 'category', render: (c: string) => label(c) },
    { title: t('dashboardCloudCosts.messages'), dataIndex: 'count', key: 'count', align: 'right' },
    { title: t('dashboardCloudCosts.cost'), dataIndex: 'estimatedCost', key: 'cost', align: 'right', render: (v: number) => money(v) },
  ];

  return (
    <Card title={t('dashboardCloudCosts.title')} data-testid="cloud-costs-card">
      <Typography.Paragraph type="secondary">{t('dashboardCloudCosts.help')}</Typography.Paragraph>
      {sum.rows.length === 0 ? (
        <Empty data-testid="cloud-costs-empty" description={t('dashboardCloudCosts.noData')} />
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={24} wrap>
            <Statistic title={t('dashboardCloudCosts.messages')} value={sum.count} />
            <Statistic title={t('dashboardCloudCosts.estimate')} value={money(sum.estimatedCost)} />
          </Flex>
          <Table<CloudCostRow>
            data-testid="cloud-costs-table"
            rowKey="category"
            size="small"
            columns={columns}
            dataSource={sum.rows}
            pagination={false}
            onRow={(r) => ({ 'data-testid': 'cloud-cost-row', 'data-category': r.category }) as React.HTMLAttributes<HTMLElement>}
          />
        </Flex>
      )}
    </Card>
  );
};
