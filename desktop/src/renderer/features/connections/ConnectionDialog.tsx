import { useEffect, useState } from 'react';
import { Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CreateWhatsappBody, type QueueDto, type WhatsappDto } from '@balcao/shared';
import { FormDialog, useFormSave } from '../../components/FormDialog';
import { toastError } from '../../lib/reportError';
import { zodRule } from '../../lib/zodRule';
import { connectionsApi } from './connections.api';
import { greetingMissing, initialValues, toBody, type FormValues } from './connections.form';
import { useConnections } from './connections.store';
import { ConnectionHealthFields } from './ConnectionHealthFields';
import { ApiTokenSection } from './ApiTokenSection';
import { CloudFields } from './CloudFields';
import { FallbackField } from './FallbackField';

interface Props {
  open: boolean;
  /** Edit mode when given, add mode otherwise (administration.md §4 Dialogs). */
  connection: WhatsappDto | null;
  onClose: () => void;
}

const nameRule = zodRule(CreateWhatsappBody.shape.name);
type Choice = { value: number; label: string };
const texts = ['greetingMessage', 'complationMessage', 'outOfHoursMessage', 'ratingMessage', 'expiresInactiveMessage'] as const;
const textLabel = { greetingMessage: 'greeting', complationMessage: 'completion', outOfHoursMessage: 'outOfHours', ratingMessage: 'rating', expiresInactiveMessage: 'expiresInactiveMessage' } as const;
const numbers = ['expiresTicket', 'timeUseBotQueues', 'maxUseBotQueues', 'timeToTransfer'] as const;
/** The bounds the server enforces (shared schema), so the field stops where the API would refuse. */
const numberMax = Object.fromEntries(numbers.map((k) => [k, CreateWhatsappBody.shape[k].unwrap().maxValue ?? undefined])) as Record<(typeof numbers)[number], number | undefined>;
const tokenMax = CreateWhatsappBody.shape.token.unwrap().maxLength ?? undefined;

export const ConnectionDialog = ({ open, connection, onClose }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [queues, setQueues] = useState<QueueDto[]>([]);
  const { run, dialog } = useFormSave({ form, onClose, success: t('connections.saved') });
  // What the connection may hand conversations to; a list the plan does not offer (403) stays empty.
  const [integrations, setIntegrations] = useState<Choice[]>([]);
  const [prompts, setPrompts] = useState<Choice[]>([]);
  const provider = Form.useWatch('provider', form);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(initialValues(connection));
    connectionsApi.queues().then(setQueues, toastError);
    let live = true;
    connectionsApi.integrations().then((rows) => live && setIntegrations(rows.map((r) => ({ value: r.id, label: r.name }))), () => undefined);
    connectionsApi.prompts().then((rows) => live && setPrompts(rows.map((r) => ({ value: r.id, label: r.name }))), () => undefined);
    return () => {
      live = false;
    };
  }, [open, connection, form]);

  const submit = (values: FormValues) =>
    run(async () => {
      const body = toBody(values);
      useConnections.getState().upsert(connection ? await connectionsApi.update(connection.id, body) : await connectionsApi.create(body));
    });

  const queueOptions = queues.map((q) => ({ value: q.id, label: q.name }));
  const greetingRule = ({ getFieldValue }: { getFieldValue: (name: keyof FormValues) => unknown }) => ({
    validator: async () => {
      const values = { queueIds: getFieldValue('queueIds') as number[], greetingMessage: getFieldValue('greetingMessage') as string };
      if (greetingMissing(values)) throw new Error(t('errors.ERR_WAPP_GREETING_REQUIRED'));
    },
  });
  return (
    <FormDialog<FormValues>
      {...dialog}
      open={open}
      title={t(connection ? 'connections.editTitle' : 'connections.addTitle')}
      okText={t('connections.save')}
      onFinish={submit}
      testIds={{ save: 'connection-save', form: 'connection-form' }}
      initialValues={initialValues(connection)}
      width={720}
    >
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="name" label={t('connections.name')} rules={[nameRule]}>
            <Input data-testid="connection-name" maxLength={60} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="provider" label={t('connections.provider')}>
            <Select
              data-testid="connection-provider"
              popupMatchSelectWidth={false}
              options={[
                { value: 'baileys', label: 'baileys' },
                { value: 'sandbox', label: 'sandbox' },
                { value: 'cloud', label: t('connections.cloud.provider') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="isDefault" valuePropName="checked" label=" ">
            <Checkbox data-testid="connection-isDefault">{t('connections.isDefault')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      {provider === 'cloud' && <CloudFields connection={connection} form={form} />}
      {provider !== 'cloud' && <FallbackField connection={connection} />}
      {texts.map((k) => (
        <Form.Item
          key={k}
          name={k}
          label={t(`connections.${textLabel[k]}`)}
          {...(k === 'greetingMessage' ? { dependencies: ['queueIds'], rules: [greetingRule] } : {})}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={5000} data-testid={`connection-${k}`} />
        </Form.Item>
      ))}
      <Form.Item name="queueIds" label={t('connections.queues')}>
        <Select mode="multiple" options={queueOptions} allowClear data-testid="connection-queues" />
      </Form.Item>
      <Row gutter={12}>
        {numbers.map((k) => (
          <Col span={6} key={k}>
            <Form.Item name={k} label={t(`connections.${k}`)}>
              <InputNumber min={0} max={numberMax[k]} precision={0} style={{ width: '100%' }} data-testid={`connection-${k}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item name="transferQueueId" label={t('connections.transferQueue')}>
        <Select options={queueOptions} allowClear data-testid="connection-transferQueue" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="integrationId" label={t('connections.integration')} extra={t('connections.responderHint')}>
            <Select allowClear options={integrations} placeholder={t('connections.none')} data-testid="connection-integration" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="promptId" label={t('connections.prompt')}>
            <Select allowClear options={prompts} placeholder={t('connections.none')} data-testid="connection-prompt" />
          </Form.Item>
        </Col>
      </Row>
      {connection && <ApiTokenSection connection={connection} />}
      <Form.Item name="token" label={t('messagesApi.chosenToken')} extra={connection ? t('connections.tokenKeep') : t('messagesApi.chosenTokenHint')}>
        <Input.Password autoComplete="new-password" maxLength={tokenMax} data-testid="connection-token" />
      </Form.Item>
      <ConnectionHealthFields />
    </FormDialog>
  );
};
