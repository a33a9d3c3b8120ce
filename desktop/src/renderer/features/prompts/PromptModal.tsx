import { useEffect } from 'react';
import { Col, Collapse, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PROMPT_DEFAULTS, PROMPT_VOICES, promptMsg, type PromptDto, type PromptVoice, type QueueDto } from '@balcao/shared';
import { FormDialog, useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { promptsApi } from './prompts.api';

export interface PromptValues {
  name: string;
  apiKey: string;
  prompt: string;
  queueId: number | null;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
  temperature: number;
  maxTokens: number;
  maxMessages: number;
  baseUrl: string;
  model: string;
  redactPii: boolean;
}

type Props = EditDialogProps<PromptDto> & { queues: QueueDto[] };

/** 'pt-BR-FranciscaNeural' → 'Francisca'. */
export const voiceLabel = (v: string) => v.replace(/^pt-BR-/, '').replace(/Neural$/, '');

const initial = (p: PromptDto | null): PromptValues => ({
  name: p?.name ?? '',
  apiKey: p?.apiKey ?? '',
  prompt: p?.prompt ?? '',
  queueId: p?.queueId ?? null,
  voice: (p?.voice as PromptVoice | undefined) ?? PROMPT_DEFAULTS.voice,
  voiceKey: p?.voiceKey ?? '',
  voiceRegion: p?.voiceRegion ?? '',
  temperature: p?.temperature ?? PROMPT_DEFAULTS.temperature,
  maxTokens: p?.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
  maxMessages: p?.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
  baseUrl: p?.baseUrl ?? PROMPT_DEFAULTS.baseUrl,
  model: p?.model ?? PROMPT_DEFAULTS.model,
  redactPii: p?.redactPii ?? PROMPT_DEFAULTS.redactPii,
});


/**
 * Add/edit an AI prompt (administration.md §4 "Prompt dialog", §5 schema texts): name, API key
 * (masked, show/hide), prompt (10 rows), queue, voice, voice key, region, temperature, max tokens,
 * max messages; plus the provider's base URL and model, and PII redaction (issue 12). A stored key
 * comes back only as its masked tail: left as is, the server keeps it.
 */
export const PromptModal = ({ open, record: prompt, queues, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<PromptValues>();
  const { run, dialog } = useFormSave({ form, onClose, success: t('prompts.saved'), duplicate: { field: 'name', text: t('prompts.nameTaken') } });

  useEffect(() => {
    if (open) form.setFieldsValue(initial(prompt));
  }, [open, prompt, form]);

  const submit = (v: PromptValues) =>
    run(async () => {
      const body = { ...v, queueId: v.queueId ?? undefined, temperature: Number(v.temperature), maxTokens: Number(v.maxTokens), maxMessages: Number(v.maxMessages) };
      onSaved(prompt ? await promptsApi.update(prompt.id, { ...body, queueId: v.queueId! }) : await promptsApi.create(body));
    });

  const req = { required: true, message: promptMsg.required };
  return (
    <FormDialog<PromptValues>
      {...dialog}
      open={open}
      title={t(prompt ? 'prompts.editTitle' : 'prompts.addTitle')}
      okText={t(prompt ? 'prompts.save' : 'prompts.create')}
      onFinish={submit}
      testIds={{ save: 'prompt-save', form: 'prompt-form' }}
      forceRender
      initialValues={initial(prompt)}
      width={720}
    >
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('prompts.name')} rules={[req, { min: 5, message: promptMsg.tooShort }, { max: 100, message: promptMsg.tooLong }]}>
            <Input autoFocus maxLength={100} data-testid="prompt-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="apiKey"
            label={t('prompts.apiKey')}
            rules={[req]}
            extra={prompt?.apiKeyConfigured ? <Typography.Text type="secondary">{t('prompts.keyKept', { masked: prompt.apiKey })}</Typography.Text> : undefined}
          >
            <Input.Password
              maxLength={500}
              autoComplete="off"
              data-testid="prompt-api-key"
              iconRender={(visible) => <span aria-label={t(visible ? 'prompts.hideKey' : 'prompts.showKey')} data-testid="prompt-api-key-toggle">{visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}</span>}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="prompt" label={t('prompts.prompt')} rules={[req, { min: 50, message: promptMsg.describe }]}>
        <Input.TextArea rows={10} maxLength={20_000} data-testid="prompt-text" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="queueId" label={t('prompts.queue')} rules={[{ required: true, message: promptMsg.queue }]}>
            <Select data-testid="prompt-queue" options={queues.map((q) => ({ value: q.id, label: q.name }))} showSearch optionFilterProp="label" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="voice" label={t('prompts.voice')} rules={[req]}>
            <Select data-testid="prompt-voice" options={PROMPT_VOICES.map((v) => ({ value: v, label: v === 'texto' ? t('prompts.text') : voiceLabel(v) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="voiceKey" label={t('prompts.voiceKey')}>
            <Input.Password maxLength={500} autoComplete="off" data-testid="prompt-voice-key" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="voiceRegion" label={t('prompts.voiceRegion')} rules={[{ pattern: /^[a-z0-9-]*$/i, message: promptMsg.required }]}>
            <Input maxLength={60} placeholder="brazilsouth" data-testid="prompt-voice-region" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="temperature" label={t('prompts.temperature')} rules={[req]}>
            <InputNumber min={0} max={2} step={0.1} style={{ width: '100%' }} data-testid="prompt-temperature" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="maxTokens" label={t('prompts.maxTokensAnswer')} rules={[req]}>
            <InputNumber min={1} max={32_000} precision={0} style={{ width: '100%' }} data-testid="prompt-max-tokens" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="maxMessages" label={t('prompts.maxMessages')} rules={[req]}>
            <InputNumber min={1} max={50} precision={0} style={{ width: '100%' }} data-testid="prompt-max-messages" />
          </Form.Item>
        </Col>
      </Row>
      <Collapse
        size="small"
        items={[
          {
            key: 'provider',
            label: t('prompts.advanced'),
            forceRender: true,
            children: (
              <Row gutter={12}>
                <Col xs={24} sm={14}>
                  <Form.Item name="baseUrl" label={t('prompts.baseUrl')} rules={[{ pattern: /^https?:\/\/\S+$/i, message: 'URL' }]}>
                    <Input maxLength={500} data-testid="prompt-base-url" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={10}>
                  <Form.Item name="model" label={t('prompts.model')}>
                    <Input maxLength={100} data-testid="prompt-model" />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item name="redactPii" valuePropName="checked" label={t('prompts.redactPii')} style={{ marginBottom: 0 }}>
                    <Switch data-testid="prompt-redact" />
                  </Form.Item>
                </Col>
              </Row>
            ),
          },
        ]}
      />
    </FormDialog>
  );
};
