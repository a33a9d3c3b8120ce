import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Progress, Select, Skeleton, Switch, Typography } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COPILOT_LANGUAGES, type CopilotSettingsDto, type CopilotUsageDto } from '@balcao/shared';
import { cancelable } from '../../lib/cancelable';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { useCopilotStatus } from '../copilot';
import { knowledgeApi } from './knowledge.api';
import { formatTokens } from './knowledge.logic';

interface Values {
  enabled: boolean;
  baseUrl: string;
  model: string;
  apiKey: string;
  monthlyTokenCap: number;
  autoSummary: boolean;
  translate: boolean;
  agentLanguage: string;
  transcribe: boolean;
  transcriptionModel: string;
}

/** The cap that stops the copilot first: the company's own or its plan's (decision 0442), 0 when neither. */
const effectiveCap = (own: number, plan: number) => (own > 0 && plan > 0 ? Math.min(own, plan) : own || plan);

/** The copilot's settings and this month's usage (issue 32 §7), above the knowledge base: admins. */
export const CopilotPanel = () => {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [settings, setSettings] = useState<CopilotSettingsDto | null>(null);
  const [usage, setUsage] = useState<CopilotUsageDto | null>(null);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(
    () =>
      cancelable(() => Promise.all([knowledgeApi.settings(), knowledgeApi.usage()]), {
        then: ([s, u]) => {
          setSettings(s);
          setUsage(u);
          // Not set up yet: the form is what the admin needs first.
          if (!s.apiKeyConfigured) setOpen(true);
        },
      }),
    [],
  );
  useEffect(() => {
    if (settings && open) {
      const { enabled, baseUrl, model, apiKey, monthlyTokenCap, autoSummary, translate, agentLanguage, transcribe, transcriptionModel } = settings;
      form.setFieldsValue({ enabled, baseUrl, model, apiKey, monthlyTokenCap, autoSummary, translate, agentLanguage, transcribe, transcriptionModel });
    }
  }, [settings, open, form]);

  const save = async (v: Values) => {
    setSaving(true);
    try {
      const saved = await knowledgeApi.saveSettings({ ...v, monthlyTokenCap: v.monthlyTokenCap ?? 0, agentLanguage: v.agentLanguage as (typeof COPILOT_LANGUAGES)[number] });
      setSettings(saved);
      // The composer and the drawer read whether to offer it again.
      useCopilotStatus.getState().reset();
      toast.success(t('copilot.saved'));
      // Set up: the articles are what the admin works on next (at 390 px the form fills the screen).
      if (saved.enabled && saved.apiKeyConfigured) setOpen(false);
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const n = (x: number) => formatTokens(x, i18n.language);
  const cap = effectiveCap(usage?.monthlyTokenCap ?? 0, usage?.planTokenCap ?? 0);
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="copilot-panel">
      {!settings || !usage ? (
        <Skeleton active paragraph={{ rows: 1 }} data-testid="copilot-panel-skeleton" />
      ) : (
        <>
          <Flex wrap gap={8} align="center" justify="space-between">
            <Flex gap={8} align="center" style={{ minWidth: 0 }}>
              <RobotOutlined />
              <Typography.Text strong>{t('copilot.panelTitle')}</Typography.Text>
              <Typography.Text type={settings.enabled ? 'success' : 'secondary'} data-testid="copilot-state">
                {settings.enabled ? '●' : '○'}
              </Typography.Text>
            </Flex>
            <Flex wrap gap={12} align="center" style={{ flex: '1 1 260px', justifyContent: 'flex-end' }}>
              <Typography.Text type="secondary" data-testid="copilot-usage">
                {t('copilot.usageTitle', { month: usage.month })}: {cap > 0 ? t('copilot.usageOfCap', { tokens: n(usage.tokens), cap: n(cap) }) : t('copilot.usageTokens', { tokens: n(usage.tokens), calls: n(usage.calls) })}
              </Typography.Text>
              <Button size="small" onClick={() => setOpen((o) => !o)} data-testid="copilot-toggle">
                {t(open ? 'copilot.hide' : 'copilot.show')}
              </Button>
            </Flex>
          </Flex>
          {cap > 0 ? <Progress percent={Math.min(100, Math.round((usage.tokens / cap) * 100))} size="small" status={usage.tokens >= cap ? 'exception' : 'normal'} data-testid="copilot-cap-bar" /> : null}
          {open ? (
            <>
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('copilot.panelIntro')}
              </Typography.Paragraph>
              <Flex wrap gap={16} style={{ marginBottom: 8 }} data-testid="copilot-usage-features">
                {usage.features.map((f) => (
                  <Typography.Text key={f.feature} type="secondary">
                    {t(`copilot.feature.${f.feature}`)}: {t('copilot.usageTokens', { tokens: n(f.tokens), calls: n(f.calls) })}
                  </Typography.Text>
                ))}
              </Flex>
              <Form<Values> form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="copilot-form">
                <Flex wrap gap={24}>
                  <Form.Item name="enabled" valuePropName="checked" label={t('copilot.enabled')}>
                    <Switch data-testid="copilot-enabled" />
                  </Form.Item>
                  <Form.Item name="autoSummary" valuePropName="checked" label={t('copilot.autoSummary')} tooltip={t('copilot.autoSummaryHint')}>
                    <Switch data-testid="copilot-auto-summary" />
                  </Form.Item>
                </Flex>
                <Flex wrap gap={12}>
                  <Form.Item name="baseUrl" label={t('copilot.baseUrl')} style={{ flex: '2 1 260px' }}>
                    <Input data-testid="copilot-base-url" />
                  </Form.Item>
                  <Form.Item name="model" label={t('copilot.model')} style={{ flex: '1 1 160px' }}>
                    <Input data-testid="copilot-model" />
                  </Form.Item>
                </Flex>
                <Flex wrap gap={12}>
                  <Form.Item name="apiKey" label={t('copilot.apiKey')} extra={settings.apiKeyConfigured ? t('copilot.keyKept', { masked: settings.apiKey }) : undefined} style={{ flex: '2 1 260px' }}>
                    <Input.Password autoComplete="off" data-testid="copilot-api-key" />
                  </Form.Item>
                  <Form.Item
                    name="monthlyTokenCap"
                    label={t('copilot.cap')}
                    extra={settings.planTokenCap > 0 ? `${t('copilot.capHint')} ${t('copilot.planCap', { cap: n(settings.planTokenCap) })}` : t('copilot.capHint')}
                    style={{ flex: '1 1 160px' }}
                  >
                    <InputNumber min={0} max={1_000_000_000} step={10_000} style={{ width: '100%' }} data-testid="copilot-cap" />
                  </Form.Item>
                </Flex>
                <Flex wrap gap={12} align="flex-start">
                  <Form.Item name="translate" valuePropName="checked" label={t('copilot.translate')} tooltip={t('copilot.translateHint')}>
                    <Switch data-testid="copilot-translate" />
                  </Form.Item>
                  <Form.Item name="agentLanguage" label={t('copilot.agentLanguage')} style={{ flex: '1 1 140px' }}>
                    <Select data-testid="copilot-agent-language" options={COPILOT_LANGUAGES.map((l) => ({ value: l, label: t(`copilotAgent.languages.${l}`) }))} />
                  </Form.Item>
                  <Form.Item name="transcribe" valuePropName="checked" label={t('copilot.transcribe')} tooltip={t('copilot.transcribeHint')}>
                    <Switch data-testid="copilot-transcribe" />
                  </Form.Item>
                  <Form.Item name="transcriptionModel" label={t('copilot.transcriptionModel')} style={{ flex: '1 1 160px' }}>
                    <Input placeholder="whisper-1" data-testid="copilot-transcription-model" />
                  </Form.Item>
                </Flex>
                {/* Decision 0482: the one copilot call whose customer data cannot be redacted, so it says so where it is turned on. */}
                <Alert type="warning" showIcon title={t('copilot.transcribeWarning')} style={{ marginBottom: 16 }} data-testid="copilot-transcribe-warning" />
                <Button type="primary" htmlType="submit" loading={saving} data-testid="copilot-save">
                  {t('copilot.save')}
                </Button>
              </Form>
            </>
          ) : null}
        </>
      )}
    </Card>
  );
};
