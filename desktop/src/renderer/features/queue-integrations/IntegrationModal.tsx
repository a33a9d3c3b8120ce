import { useEffect, useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { queueIntegrationLanguages, queueIntegrationName, queueIntegrationTypes, type QueueIntegrationDto, type QueueIntegrationType, type SavedQueueIntegration } from '@balcao/shared';
import { useFormSave } from '../../components/FormDialog';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { zodRule } from '../../lib/zodRule';
import { queueIntegrationsApi } from './queue-integrations.api';
import { integrationTypeLabel } from './TypeIcon';

interface Values {
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: (typeof queueIntegrationLanguages)[number];
  urlN8N: string;
  secret: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
}

interface Props {
  open: boolean;
  /** Edit mode when given, add mode otherwise (administration.md §4 "Dialogs"). */
  integration: QueueIntegrationDto | null;
  onClose: () => void;
  onSaved: (i: SavedQueueIntegration) => void;
}

const nameRule = zodRule(queueIntegrationName);
const defaults: Values = {
  type: 'typebot',
  name: '',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: '',
  secret: '',
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotRestartMessage: '',
  typebotUnknownMessage: '',
};

/** The integration dialog (administration.md §2): a type select with each type's fields; "Testar Bot" for Dialogflow. */
export const IntegrationModal = ({ open, integration, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? integration?.type ?? defaults.type;
  const { saving, run } = useFormSave({ form, onClose, success: t(integration ? 'queueIntegrations.editSuccess' : 'queueIntegrations.addSuccess'), duplicate: { field: 'name', text: t('queueIntegrations.nameTaken') } });
  const [testing, setTesting] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(integration ? { ...defaults, ...integration, language: integration.language as Values['language'], jsonContent: '', secret: '' } : defaults);
  }, [open, integration, form]);

  const submit = (v: Values) =>
    run(async () => {
      // n8n, webhook and typebot carry the name as their project (administration.md §5).
      const body = { ...v, projectName: v.type === 'dialogflow' ? v.projectName : v.name };
      onSaved(integration ? await queueIntegrationsApi.update(integration.id, body) : await queueIntegrationsApi.create(body));
    });

  const test = async () => {
    const v = form.getFieldsValue();
    setTesting(true);
    try {
      await queueIntegrationsApi.test({ projectName: v.projectName, jsonContent: v.jsonContent ?? '', language: v.language, ...(integration ? { id: integration.id } : {}) });
      toast.success(t('queueIntegrations.testSuccess'));
    } catch (err) {
      toastError(err);
    } finally {
      setTesting(false);
    }
  };

  const keep = integration ? t('queueIntegrations.keepSecret') : undefined;
  const text = (name: keyof Values, max = 200, testId?: string) => (
    <Form.Item name={name} label={t(`queueIntegrations.${name}`)}>
      <Input maxLength={max} data-testid={testId ?? `integration-${name}`} />
    </Form.Item>
  );
  const urlRule = { required: true, message: t('queueIntegrations.urlRequired') };

  return (
    <Modal
      open={open}
      title={t(integration ? 'queueIntegrations.editTitle' : 'queueIntegrations.addTitle')}
      onCancel={onClose}
      footer={[
        type === 'dialogflow' ? (
          <Button key="test" loading={testing} onClick={() => void test()} data-testid="integration-test">
            {t('queueIntegrations.test')}
          </Button>
        ) : null,
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => form.submit()} data-testid="integration-save">
          {t(integration ? 'queueIntegrations.okEdit' : 'queueIntegrations.okAdd')}
        </Button>,
      ]}
      destroyOnHidden
      forceRender
      width={560}
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="integration-form">
        <Form.Item name="type" label={t('queueIntegrations.type')}>
          <Select options={queueIntegrationTypes.map((v) => ({ value: v, label: integrationTypeLabel(v) }))} data-testid="integration-type" />
        </Form.Item>
        <Form.Item name="name" label={t('queueIntegrations.name')} rules={[nameRule]}>
          <Input autoFocus maxLength={50} data-testid="integration-name" />
        </Form.Item>
        {type === 'dialogflow' ? (
          <>
            {text('projectName')}
            <Form.Item name="language" label={t('queueIntegrations.language')}>
              <Select options={queueIntegrationLanguages.map((v) => ({ value: v, label: v }))} data-testid="integration-language" />
            </Form.Item>
            <Form.Item name="jsonContent" label={t('queueIntegrations.jsonContent')} extra={integration?.jsonContentConfigured ? keep : undefined}>
              <Input.TextArea rows={6} maxLength={20_000} data-testid="integration-jsonContent" />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="urlN8N" label={t('queueIntegrations.urlN8N')} rules={[urlRule, { type: 'url', message: t('queueIntegrations.urlRequired') }]}>
            <Input maxLength={2000} inputMode="url" placeholder="https://" data-testid="integration-url" />
          </Form.Item>
        )}
        {type === 'n8n' || type === 'webhook' ? (
          <Form.Item name="secret" label={t('queueIntegrations.secret')} extra={integration?.secretConfigured ? keep : undefined}>
            <Input.Password maxLength={500} autoComplete="new-password" data-testid="integration-secret" />
          </Form.Item>
        ) : null}
        {type === 'typebot' ? (
          <>
            {text('typebotSlug')}
            <Form.Item name="typebotExpires" label={t('queueIntegrations.typebotExpires')}>
              <InputNumber min={0} max={10_080} style={{ width: '100%' }} data-testid="integration-typebotExpires" />
            </Form.Item>
            <Form.Item name="typebotDelayMessage" label={t('queueIntegrations.typebotDelayMessage')}>
              <InputNumber min={0} max={60_000} step={100} style={{ width: '100%' }} data-testid="integration-typebotDelayMessage" />
            </Form.Item>
            {text('typebotKeywordFinish', 100)}
            {text('typebotKeywordRestart', 100)}
            {text('typebotRestartMessage', 5000)}
            {text('typebotUnknownMessage', 5000)}
          </>
        ) : null}
        <button type="submit" style={{ display: 'none' }} aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
};
