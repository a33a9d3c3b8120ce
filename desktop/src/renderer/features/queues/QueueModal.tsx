import { useEffect, useState } from 'react';
import { Alert, ColorPicker, Flex, Form, Input, InputNumber, Modal, Select, Tabs, Typography } from 'antd';
import { ReplayButton } from '../bot';
import { slaApi, SlaTargetsFields, targetsOf } from '../sla';
import { useTranslation } from 'react-i18next';
import { assignmentPolicies, CreateQueueBody, type AssignmentPolicy, type QueueDto, type QueueSchedule, type SlaTargetsDto } from '@balcao/shared';
import { useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { AttachmentField, useAttachment } from '../../components/AttachmentField';
import { toast } from '../../lib/toast';
import { zodRule } from '../../lib/zodRule';
import { queuesApi } from './queues.api';
import { isTime, maskTime, weekOf } from './queues.logic';
import { useQueues } from './queues.store';
import { QueueOptionsEditor } from './QueueOptionsEditor';

interface Values {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  integrationId: number | null;
  promptId: number | null;
  assignment: AssignmentPolicy;
  agentCapacity: number | null;
  reassignAfterMinutes: number | null;
}

interface Choice {
  value: number;
  label: string;
}

/** Colours offered to a new queue: the first one no queue uses yet. */
const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#fadb14', '#f5222d', '#2f54eb', '#a0d911', '#8c8c8c'];
const nameRule = zodRule(CreateQueueBody.shape.name);
const colorRule = zodRule(CreateQueueBody.shape.color);

/** Add/edit a queue (administration.md §2, §3, §5): its data, its hours (when `scheduleType` is `queue`) and its option tree. */
export const QueueModal = ({ open, record, onClose, onSaved }: EditDialogProps<QueueDto>) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [slaForm] = Form.useForm<{ sla: SlaTargetsDto }>();
  const hoursPerQueue = useQueues((s) => s.hoursPerQueue);
  const { saving, run } = useFormSave({ form, onClose, success: t('queues.saved') });
  /** The queue as saved so far: after a create whose upload failed, a retry saves it again instead of creating twice. */
  const [current, setCurrent] = useState<QueueDto | null>(record);
  const [tab, setTab] = useState('data');
  const [week, setWeek] = useState<QueueSchedule[]>(() => weekOf([]));
  const attachment = useAttachment();
  const { reset: resetAttachment } = attachment;
  // What the queue may hand conversations to; a list the plan does not offer (403) stays empty.
  const [integrations, setIntegrations] = useState<Choice[]>([]);
  const [prompts, setPrompts] = useState<Choice[]>([]);
  /** The queue's SLA targets as stored (null: not read, or not the caller's to set): saved only when changed. */
  const [sla, setSla] = useState<SlaTargetsDto | null>(null);
  const [slaDefault, setSlaDefault] = useState<SlaTargetsDto | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    let live = true;
    void queuesApi.integrations().then((rows) => live && setIntegrations(rows.map((r) => ({ value: r.id, label: r.name }))), () => undefined);
    void queuesApi.prompts().then((rows) => live && setPrompts(rows.map((r) => ({ value: r.id, label: r.name }))), () => undefined);
    setSla(null);
    void slaApi.get().then((s) => {
      if (!live) return;
      const own = targetsOf(s.queues.find((q) => q.queueId === record?.id));
      setSlaDefault(s.company);
      setSla(own);
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [open, record]);

  useEffect(() => {
    if (!open) return;
    setCurrent(record);
    setTab('data');
    resetAttachment();
    setWeek(weekOf(record?.schedules ?? []));
    const used = new Set(useQueues.getState().records.map((q) => q.color.toLowerCase()));
    form.setFieldsValue({
      name: record?.name ?? '',
      color: record?.color ?? PALETTE.find((c) => !used.has(c)) ?? PALETTE[0]!,
      greetingMessage: record?.greetingMessage ?? '',
      outOfHoursMessage: record?.outOfHoursMessage ?? '',
      orderQueue: record?.orderQueue ?? null,
      integrationId: record?.integrationId ?? null,
      promptId: record?.promptId ?? null,
      assignment: record?.assignment ?? 'none',
      agentCapacity: record?.agentCapacity ?? null,
      reassignAfterMinutes: record?.reassignAfterMinutes ?? null,
    });
  }, [open, record, form, resetAttachment]);

  const badTimes = week.some((d) => !isTime(d.startTime) || !isTime(d.endTime));
  const setTime = (day: QueueSchedule['weekdayEn'], field: 'startTime' | 'endTime', typed: string) =>
    setWeek((w) => w.map((d) => (d.weekdayEn === day ? { ...d, [field]: maskTime(typed) } : d)));

  const submit = async (values: Values) => {
    if (hoursPerQueue && badTimes) {
      setTab('hours');
      toast.error(t('queues.invalidTime'));
      return;
    }
    await run(async () => {
      const body = {
        name: values.name,
        color: values.color,
        greetingMessage: values.greetingMessage ?? '',
        outOfHoursMessage: values.outOfHoursMessage ?? '',
        orderQueue: values.orderQueue ?? null,
        integrationId: values.integrationId ?? null,
        promptId: values.promptId ?? null,
        assignment: values.assignment ?? 'none',
        agentCapacity: values.agentCapacity ?? null,
        reassignAfterMinutes: values.reassignAfterMinutes ?? null,
        // Hours are kept whatever the setting; they are only edited while it is `queue` (decision 0100).
        ...(hoursPerQueue ? { schedules: week } : {}),
      };
      let saved = current ? await queuesApi.update(current.id, body) : await queuesApi.create(body);
      setCurrent(saved);
      onSaved(saved);
      const targets = targetsOf(slaForm.getFieldValue('sla') as SlaTargetsDto | undefined);
      if (sla && JSON.stringify(targets) !== JSON.stringify(sla)) {
        await slaApi.updateQueue(saved.id, targets);
        setSla(targets);
      }
      saved = await attachment.apply(saved, queuesApi);
      onSaved(saved);
    });
  };

  const dataTab = (
    <>
      <Flex gap={12} wrap>
        <Form.Item name="name" label={t('queues.name')} rules={[nameRule]} style={{ flex: '2 1 220px' }}>
          <Input maxLength={50} autoFocus data-testid="queue-name" />
        </Form.Item>
        <Form.Item label={t('queues.color')} required style={{ flex: '1 1 150px' }}>
          <Flex gap={6}>
            <Form.Item name="color" noStyle getValueFromEvent={(c: { toHexString(): string }) => c.toHexString()}>
              <ColorPicker aria-label={t('queues.pickColor')} data-testid="queue-color-picker" />
            </Form.Item>
            <Form.Item name="color" noStyle rules={[colorRule]}>
              <Input maxLength={9} aria-label={t('queues.colorHex')} data-testid="queue-color-input" />
            </Form.Item>
          </Flex>
        </Form.Item>
        <Form.Item name="orderQueue" label={t('queues.orderQueue')} tooltip={t('queues.orderHelp')} style={{ flex: '1 1 110px' }}>
          <InputNumber min={0} max={1000} style={{ width: '100%' }} data-testid="queue-order" />
        </Form.Item>
      </Flex>
      <Flex gap={12} wrap>
        <Form.Item name="integrationId" label={t('queues.integration')} style={{ flex: '1 1 200px' }}>
          <Select allowClear options={integrations} placeholder={t('queues.none')} data-testid="queue-integration" />
        </Form.Item>
        <Form.Item name="promptId" label={t('queues.prompt')} style={{ flex: '1 1 200px' }}>
          <Select allowClear options={prompts} placeholder={t('queues.none')} data-testid="queue-prompt" />
        </Form.Item>
      </Flex>
      <Flex gap={12} wrap>
        <Form.Item name="assignment" label={t('queues.assignment')} tooltip={t('queues.assignmentHelp')} style={{ flex: '2 1 220px' }}>
          <Select options={assignmentPolicies.map((p) => ({ value: p, label: t(`queues.assignments.${p}`) }))} data-testid="queue-assignment" />
        </Form.Item>
        <Form.Item name="agentCapacity" label={t('queues.agentCapacity')} tooltip={t('queues.agentCapacityHelp')} style={{ flex: '1 1 140px' }}>
          <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} data-testid="queue-capacity" />
        </Form.Item>
        <Form.Item name="reassignAfterMinutes" label={t('queues.reassignAfterMinutes')} tooltip={t('queues.reassignHelp')} style={{ flex: '1 1 140px' }}>
          <InputNumber min={1} max={1440} precision={0} style={{ width: '100%' }} data-testid="queue-reassign" />
        </Form.Item>
      </Flex>
      <Form.Item name="greetingMessage" label={t('queues.greeting')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} data-testid="queue-greeting" />
      </Form.Item>
      <Form.Item name="outOfHoursMessage" label={t('queues.outOfHours')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} data-testid="queue-out-of-hours" />
      </Form.Item>
      <AttachmentField
        attachment={attachment}
        savedName={current?.mediaName}
        testIdPrefix="queue"
        labels={{ attach: t('queues.attach'), replace: t('queues.replaceAttachment'), remove: t('queues.removeAttachment'), none: t('queues.noAttachment') }}
      />
    </>
  );

  const hoursTab = (
    <Flex vertical gap={8} data-testid="queue-hours">
      {week.map((d) => (
        <Flex key={d.weekdayEn} gap={8} align="center" wrap data-testid={`queue-hours-${d.weekdayEn}`}>
          <Typography.Text style={{ flex: '1 1 120px' }}>{t(`queues.weekdays.${d.weekdayEn}`)}</Typography.Text>
          {(['startTime', 'endTime'] as const).map((field) => (
            <Input
              key={field}
              value={d[field]}
              inputMode="numeric"
              placeholder="##:##"
              maxLength={5}
              status={isTime(d[field]) ? undefined : 'error'}
              aria-label={`${t(`queues.weekdays.${d.weekdayEn}`)} — ${t(field === 'startTime' ? 'queues.start' : 'queues.end')}`}
              data-testid={`queue-${field === 'startTime' ? 'start' : 'end'}-${d.weekdayEn}`}
              style={{ width: 88 }}
              onChange={(e) => setTime(d.weekdayEn, field, e.target.value)}
            />
          ))}
        </Flex>
      ))}
      {badTimes ? <Typography.Text type="danger">{t('queues.invalidTime')}</Typography.Text> : null}
    </Flex>
  );

  const items = [
    {
      key: 'data',
      label: t('queues.tabData'),
      // Always mounted, so Save submits it from any tab; the option editor stays outside this form.
      forceRender: true,
      children: (
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} onFinishFailed={() => setTab("data")} data-testid="queue-form">
          {dataTab}
          <button type="submit" style={{ display: 'none' }} aria-hidden tabIndex={-1} />
        </Form>
      ),
    },
    ...(hoursPerQueue ? [{ key: 'hours', label: t('queues.tabHours'), children: hoursTab }] : []),
    ...(sla
      ? [
          {
            key: 'sla',
            label: t('sla.tab'),
            // Kept mounted (forceRender), so Save sends the targets with the queue from any tab.
            forceRender: true,
            children: (
              <Form form={slaForm} layout="vertical" initialValues={{ sla }} data-testid="queue-sla-form">
                <Typography.Paragraph type="secondary">{t('sla.queueHelp')}</Typography.Paragraph>
                <SlaTargetsFields prefix={['sla']} testIdPrefix="queue-sla" inherited={slaDefault ?? { firstResponseMinutes: null, nextResponseMinutes: null, resolutionMinutes: null }} />
              </Form>
            ),
          },
        ]
      : []),
    {
      key: 'options',
      label: t('queues.tabOptions'),
      children: current ? <QueueOptionsEditor queueId={current.id} /> : <Alert type="info" showIcon title={t('queues.optionsAfterSave')} data-testid="queue-options-after-save" />,
    },
  ];

  return (
    <Modal
      open={open}
      title={t(record ? 'queues.editTitle' : 'queues.addTitle')}
      okText={t('queues.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'queue-save' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
      footer={(_, { OkBtn, CancelBtn }) => (
        <Flex gap={8} justify="end" wrap>
          {current ? <ReplayButton target={{ kind: 'queue', id: current.id, name: current.name }} testId="queue-modal-replay" withLabel /> : null}
          <CancelBtn />
          <OkBtn />
        </Flex>
      )}
    >
      <Tabs activeKey={tab} onChange={setTab} items={items} />
    </Modal>
  );
};
