import { useEffect, useState } from 'react';
import { Button, Card, Col, Empty, Flex, Form, Input, Row, Select, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LONGER_INTERVAL_OPTIONS, MESSAGE_INTERVAL_OPTIONS, type CampaignSettingsDto, type CampaignVariable } from '@balcao/shared';
import { PageCard } from '../../components/PageCard';
import { cancelable } from '../../lib/cancelable';
import { useBusy } from '../../lib/useBusy';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { campaignsApi } from './campaigns.api';

/**
 * /campaigns-config (administration.md "Campaign settings", §9): the three intervals with the
 * spec's options and the company's variables (a shortcut is not added when its key exists).
 */
export const CampaignsConfigPage = () => {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 575px)');
  const [settings, setSettings] = useState<CampaignSettingsDto | null>(null);
  const [variables, setVariables] = useState<CampaignVariable[]>([]);
  const [draft, setDraft] = useState<CampaignVariable>({ key: '', value: '' });
  const [keyError, setKeyError] = useState('');
  const [saving, run] = useBusy();

  useEffect(
    () =>
      cancelable(() => campaignsApi.settings(), {
        then: (s) => {
          setSettings(s);
          setVariables(s.variables);
        },
      }),
    [],
  );

  const addVariable = () => {
    const key = draft.key.trim();
    if (!key) return;
    if (variables.some((v) => v.key === key)) {
      setKeyError(t('campaigns.variableExists'));
      return;
    }
    setVariables((vs) => [...vs, { key, value: draft.value }]);
    setDraft({ key: '', value: '' });
    setKeyError('');
  };
  const save = async () => {
    if (!settings) return;
    await run(async () => {
      const saved = await campaignsApi.saveSettings({ messageInterval: settings.messageInterval, longerIntervalAfter: settings.longerIntervalAfter, greaterInterval: settings.greaterInterval, variables });
      setSettings(saved);
      setVariables(saved.variables);
      toast.success(t('campaigns.settingsSaved'));
    });
  };

  const seconds = (n: number) => (n === 0 ? t('campaigns.noInterval') : t('campaigns.seconds', { count: n }));
  const sends = (n: number) => (n === 0 ? t('campaigns.notUsed') : t('campaigns.sends', { count: n }));
  if (!settings)
    return (
      <Card style={{ margin: narrow ? 8 : 16 }} data-testid="campaigns-config-skeleton" aria-busy>
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    );
  // The three pacing settings, each a choice among the spec's values.
  const intervals = [
    { key: 'messageInterval', testId: 'config-message-interval', options: MESSAGE_INTERVAL_OPTIONS, label: seconds },
    { key: 'longerIntervalAfter', testId: 'config-longer-after', options: LONGER_INTERVAL_OPTIONS, label: sends },
    { key: 'greaterInterval', testId: 'config-greater-interval', options: LONGER_INTERVAL_OPTIONS, label: seconds },
  ] as const;
  return (
    <PageCard title={t('campaigns.configTitle')} testId="campaigns-config">
      <Typography.Title level={5}>{t('campaigns.intervals')}</Typography.Title>
      <Form layout="vertical">
        <Row gutter={12}>
          {intervals.map((f) => (
            <Col xs={24} sm={8} key={f.key}>
              <Form.Item label={t(`campaigns.${f.key}`)}>
                <Select data-testid={f.testId} value={settings[f.key]} onChange={(v) => setSettings({ ...settings, [f.key]: v })} options={f.options.map((n) => ({ value: n, label: f.label(n) }))} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
      <Typography.Title level={5}>{t('campaigns.variables')}</Typography.Title>
      <Flex gap={8} wrap align="flex-start" style={{ marginBottom: 12 }}>
        <Form.Item validateStatus={keyError ? 'error' : undefined} help={keyError || undefined} style={{ marginBottom: 0, flex: narrow ? '1 1 100%' : '0 0 180px' }}>
          <Input placeholder={t('campaigns.variableKey')} value={draft.key} maxLength={40} onChange={(e) => setDraft({ ...draft, key: e.target.value.replace(/[^\p{L}\p{N}_-]/gu, '') })} data-testid="config-variable-key" />
        </Form.Item>
        <Input
          placeholder={t('campaigns.variableValue')}
          value={draft.value}
          maxLength={1000}
          onChange={(e) => setDraft({ ...draft, value: e.target.value })}
          onPressEnter={addVariable}
          style={{ flex: '1 1 220px' }}
          data-testid="config-variable-value"
        />
        <Button icon={<PlusOutlined />} onClick={addVariable} data-testid="config-variable-add">
          {t('campaigns.addVariable')}
        </Button>
      </Flex>
      {variables.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('campaigns.noVariables')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="config-variables">
          {variables.map((v) => (
            <Flex key={v.key} gap={8} align="center" data-testid="config-variable">
              <Typography.Text code>{`{${v.key}}`}</Typography.Text>
              <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
                {v.value}
              </Typography.Text>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('campaigns.delete')} onClick={() => setVariables((vs) => vs.filter((x) => x.key !== v.key))} />
            </Flex>
          ))}
        </Space>
      )}
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <Button type="primary" loading={saving} onClick={() => void save()} data-testid="config-save">
          {t('campaigns.saveSettings')}
        </Button>
      </Flex>
    </PageCard>
  );
};
