import { useEffect, useState } from 'react';
import { Alert, Button, DatePicker, Flex, Form, Input, Popconfirm, Switch, Tooltip, Typography } from 'antd';
import { FieldTimeOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { SCHEDULE_BODY_MIN, msg, scheduleMsg, type ScheduleDto, type TicketDto } from '@balcao/shared';
import { FormDialog, useFormSave } from '../../components/FormDialog';
import { deleter } from '../../lib/deleter';
import { cancelable } from '../../lib/cancelable';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { zodRule } from '../../lib/zodRule';
import { useCompany } from '../company';
import { schedulesApi } from './schedules.api';
import { defaultSendAt, upsert } from './schedules.logic';

const bodyRule = zodRule(z.string().trim().min(1, msg.obrigatorio).min(SCHEDULE_BODY_MIN, scheduleMsg.tooShort));

interface Values {
  body: string;
  sendAt: Dayjs;
  cancelOnReply: boolean;
}

/**
 * The conversation's "Agendar" (ticket actions): a message for this contact at a time. With
 * "Cancelar se o cliente responder antes" (on by default) it is a follow-up tied to the ticket and
 * shown on it; without, a plain schedule, and the app goes to /schedules after saving (the spec).
 */
export const ScheduleButton = ({ ticket }: { ticket: TicketDto }) => {
  // A plan without schedules (useSchedules) shows neither the button nor the banner.
  const enabled = useCompany((s) => s.flags.useSchedules);
  return enabled ? <ScheduleAction ticket={ticket} /> : null;
};

const ScheduleAction = ({ ticket }: { ticket: TicketDto }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  // The toast depends on the kind saved, so the work shows it (no fixed success text).
  const { run, dialog } = useFormSave({ form, onClose: () => setOpen(false) });

  useEffect(() => {
    if (open) form.setFieldsValue({ body: '', sendAt: defaultSendAt(), cancelOnReply: true });
  }, [open, form]);

  const submit = (v: Values) =>
    run(async () => {
      await schedulesApi.create({ body: v.body, contactId: ticket.contact.id, sendAt: v.sendAt.toISOString(), ...(v.cancelOnReply ? { ticketId: ticket.id, cancelOnReply: true } : {}) });
      if (v.cancelOnReply) toast.success(t('schedules.conversation.savedFollowUp'));
      else {
        toast.success(t('schedules.saved'));
        void navigate('/schedules');
      }
    });

  return (
    <>
      <Tooltip title={t('schedules.conversation.title')}>
        <Button icon={<FieldTimeOutlined />} onClick={() => setOpen(true)} data-testid="ticket-schedule-button" aria-label={t('schedules.conversation.button')}>
          {t('schedules.conversation.button')}
        </Button>
      </Tooltip>
      <FormDialog<Values>
        {...dialog}
        open={open}
        title={t('schedules.conversation.title')}
        okText={t('schedules.save')}
        onFinish={submit}
        testIds={{ save: 'followup-save', form: 'followup-form' }}
        forceRender
        width={520}
      >
        <Typography.Paragraph type="secondary">{`${ticket.contact.name} - ${ticket.contact.number}`}</Typography.Paragraph>
        <Form.Item name="body" label={t('schedules.body')} rules={[bodyRule]}>
          <Input.TextArea rows={4} maxLength={4096} autoFocus data-testid="followup-body" />
        </Form.Item>
        <Form.Item name="sendAt" label={t('schedules.sendAt')} rules={[{ required: true, message: msg.obrigatorio }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" style={{ width: '100%' }} data-testid="followup-send-at" />
        </Form.Item>
        <Form.Item name="cancelOnReply" valuePropName="checked" label={t('schedules.conversation.cancelOnReply')} extra={t('schedules.conversation.cancelOnReplyHint')}>
          <Switch data-testid="followup-cancel-on-reply" />
        </Form.Item>
      </FormDialog>
    </>
  );
};

/** A ticket's pending follow-ups, each with its time and a cancel button, until sent or cancelled (live). */
export const FollowUpBanner = ({ ticketId }: { ticketId: number }) => {
  const enabled = useCompany((s) => s.flags.useSchedules);
  return enabled ? <FollowUpList ticketId={ticketId} /> : null;
};

const FollowUpList = ({ ticketId }: { ticketId: number }) => {
  const { t } = useTranslation();
  const [list, setList] = useState<ScheduleDto[]>([]);

  useEffect(() => {
    setList([]);
    return cancelable((signal) => schedulesApi.pendingOfTicket(ticketId, signal), { then: (r) => setList(r.schedules.filter((s) => s.cancelOnReply)) });
  }, [ticketId]);

  useEffect(
    () =>
      listenLive('schedule', (e) => {
        if (e.action === 'delete') return setList((l) => l.filter((s) => s.id !== e.scheduleId));
        const s = e.schedule;
        if (s.ticketId !== ticketId || !s.cancelOnReply) return;
        setList((l) => (s.status === 'PENDENTE' ? upsert(l, s) : l.filter((x) => x.id !== s.id)));
      }),
    [ticketId],
  );

  const cancel = deleter(schedulesApi.remove, (s: ScheduleDto) => {
    setList((l) => l.filter((x) => x.id !== s.id));
    toast.info(t('schedules.conversation.cancelled'));
  });

  if (list.length === 0) return null;
  return (
    <Flex vertical gap={2} data-testid="followup-banner">
      {[...list]
        .sort((a, b) => a.sendAt.localeCompare(b.sendAt))
        .map((s) => (
          <Alert
            key={s.id}
            banner
            type="info"
            icon={<FieldTimeOutlined />}
            showIcon
            data-testid="followup-item"
            data-id={s.id}
            message={
              <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                {t('schedules.conversation.banner', { when: dayjs(s.sendAt).format(dayjs(s.sendAt).isSame(dayjs(), 'day') ? 'HH:mm' : 'DD/MM HH:mm') })} <Typography.Text type="secondary">“{s.body}”</Typography.Text>
              </Typography.Text>
            }
            action={
              <Popconfirm title={t('schedules.conversation.cancel')} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => void cancel(s)} okButtonProps={{ ...({ 'data-testid': 'followup-cancel-confirm' } as Record<`data-${string}`, string>) }}>
                <Button size="small" data-testid="followup-cancel">
                  {t('schedules.conversation.cancel')}
                </Button>
              </Popconfirm>
            }
          />
        ))}
    </Flex>
  );
};
