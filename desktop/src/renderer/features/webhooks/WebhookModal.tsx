import { useEffect } from 'react';
import { Checkbox, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { webhookEvents, type WebhookDto, type WebhookEvent, type WebhookSecretResponse } from '@balcao/shared';
import { FormDialog, useFormSave } from '../../components/FormDialog';
import { webhooksApi } from './webhooks.api';

interface Values {
  name: string;
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

const URL_RE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** Add or edit a webhook: name, URL, events (checkboxes), active. A new one answers its secret (shown once by the caller). */
export const WebhookModal = ({
  open,
  webhook,
  onClose,
  onSaved,
}: {
  open: boolean;
  webhook: WebhookDto | null;
  onClose: () => void;
  onSaved: (w: WebhookDto, created?: WebhookSecretResponse) => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  // No toast: a new webhook's secret is shown once by the caller, an edit shows in the list.
  const { run, dialog } = useFormSave({ form, onClose });

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(webhook ? { name: webhook.name, url: webhook.url, events: webhook.events as WebhookEvent[], active: webhook.active } : { name: '', url: '', events: ['message.created'], active: true });
  }, [open, webhook, form]);

  const submit = (v: Values) =>
    run(async () => {
      const body = { name: v.name.trim(), url: v.url.trim(), events: v.events, active: v.active };
      if (webhook) onSaved(await webhooksApi.update(webhook.id, body));
      else {
        const made = await webhooksApi.create(body);
        onSaved(made.webhook, made);
      }
    });

  return (
    <FormDialog<Values>
      {...dialog}
      open={open}
      title={t(webhook ? 'webhooks.editTitle' : 'webhooks.createTitle')}
      okText={t('webhooks.save')}
      onFinish={submit}
      testIds={{ save: 'webhook-save', form: 'webhook-form' }}
      forceRender
      width={520}
    >
      <Form.Item name="name" label={t('webhooks.name')} rules={[{ required: true, whitespace: true, message: t('webhooks.nameRequired') }, { max: 100 }]}>
        <Input maxLength={100} data-testid="webhook-name" autoFocus />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('webhooks.url')}
        rules={[
          { required: true, whitespace: true, message: t('webhooks.urlRequired') },
          { validator: async (_, v: string) => (!v || URL_RE.test(v.trim()) ? undefined : Promise.reject(new Error(t('webhooks.urlInvalid')))) },
        ]}
      >
        <Input maxLength={2000} placeholder="https://" inputMode="url" data-testid="webhook-url" />
      </Form.Item>
      <Form.Item name="events" label={t('webhooks.events')} rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.eventsRequired') }]}>
        <Checkbox.Group style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 4 }} data-testid="webhook-events">
          {webhookEvents.map((e) => (
            <Checkbox key={e} value={e} data-testid={`webhook-event-${e}`}>
              {t(`webhooks.eventNames.${e.replace('.', '_')}` as 'webhooks.eventNames.message_created')}
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <Form.Item name="active" label={t('webhooks.active')} valuePropName="checked">
        <Switch data-testid="webhook-active" />
      </Form.Item>
    </FormDialog>
  );
};
