import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, DatePicker, Flex, Form, Input, Modal, Select, Tag, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SCHEDULE_BODY_MIN, SEARCH_DEBOUNCE_MS, scheduleMsg, msg, type ScheduleDto } from '@balcao/shared';
import { useFormSave } from '../../components/FormDialog';
import { cancelable } from '../../lib/cancelable';
import { toastError } from '../../lib/reportError';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { zodRule } from '../../lib/zodRule';
import { schedulesApi } from './schedules.api';
import { capitalise, defaultSendAt, modalTitle, statusColor } from './schedules.logic';

/** administration.md §5: required, then 'Mensagem muito curta' under 5 characters. */
const bodyRule = zodRule(z.string().trim().min(1, msg.obrigatorio).min(SCHEDULE_BODY_MIN, scheduleMsg.tooShort));
const ACCEPT = '.png,.jpg,.jpeg';

interface Values {
  body: string;
  contactId?: number;
  sendAt?: Dayjs;
}
type Option = { value: number; label: string };

interface Props {
  open: boolean;
  /** Edit mode when given. */
  schedule: ScheduleDto | null;
  /** `?contactId=`: the add dialog opens with this contact chosen. */
  contactId?: number;
  /** A day clicked on the calendar: the new schedule's default day (at the default hour). */
  day?: Dayjs;
  onClose: () => void;
  onSaved: (s: ScheduleDto) => void;
}

/**
 * The schedule modal (administration.md "Schedules"): body, contact (searched by name or number),
 * sendAt (default now + 1 h), an optional .png/.jpg/.jpeg. The save button shows only while it is
 * unsent; the title is 'Erro de Envio' for ERRO, else 'Mensagem ' plus the capitalised status.
 */
export const ScheduleModal = ({ open, schedule, contactId, day, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [found, setFound] = useState<Option[]>([]);
  const [known, setKnown] = useState<Option | null>(null);
  const [searching, setSearching] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [dropMedia, setDropMedia] = useState(false);
  const { saving, run } = useFormSave({ form, onClose, success: t('schedules.saved') });
  const editable = !schedule?.sentAt;

  useEffect(() => {
    if (!open) return;
    setTerm('');
    setFound([]);
    setFile(null);
    setDropMedia(false);
    const base = defaultSendAt();
    const sendAt = schedule ? dayjs(schedule.sendAt) : day ? day.hour(base.hour()).minute(base.minute()) : base;
    form.setFieldsValue({ body: schedule?.body ?? '', contactId: schedule?.contactId ?? contactId, sendAt });
    if (schedule) setKnown({ value: schedule.contactId, label: `${schedule.contact.name} - ${schedule.contact.number}` });
    else if (contactId) {
      setKnown(null);
      schedulesApi.contact(contactId).then((c) => setKnown({ value: c.id, label: `${c.name} - ${c.number}` }), toastError);
    } else setKnown(null);
  }, [open, schedule, contactId, day, form]);

  useEffect(() => {
    if (!open || debounced.length < 1) return setFound([]);
    setSearching(true);
    return cancelable((signal) => schedulesApi.searchContacts(debounced, signal), {
      then: (r) => setFound(r.contacts.map((c) => ({ value: c.id, label: `${c.name} - ${c.number}` }))),
      settled: () => setSearching(false),
    });
  }, [open, debounced]);

  const options = useMemo(() => (known && !found.some((o) => o.value === known.value) ? [known, ...found] : found), [known, found]);

  const submit = (v: Values) =>
    run(async () => {
      const body = { body: v.body, contactId: v.contactId!, sendAt: v.sendAt!.toISOString() };
      let saved = schedule ? await schedulesApi.update(schedule.id, body) : await schedulesApi.create(body);
      if (file) saved = await schedulesApi.upload(saved.id, file);
      else if (dropMedia && saved.mediaPath) saved = await schedulesApi.removeMedia(saved.id);
      onSaved(saved);
    });

  const title = modalTitle(schedule?.status);
  const mediaName = file?.name ?? (dropMedia ? null : schedule?.mediaName);
  return (
    <Modal
      open={open}
      title={<span data-testid="schedule-modal-title">{title.key === 'errorTitle' ? t('schedules.errorTitle') : t('schedules.messageTitle', { status: capitalise(t(`schedules.status.${title.status}`)) })}</span>}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose} data-testid="schedule-cancel">
            {t(editable ? 'common.cancel' : 'schedules.close')}
          </Button>
          {editable && (
            <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="schedule-save">
              {t('schedules.save')}
            </Button>
          )}
        </Flex>
      }
    >
      {schedule && (
        <Flex wrap gap={4} style={{ marginBottom: 12 }}>
          <Tag color={statusColor[schedule.status]}>{t(`schedules.status.${schedule.status}`)}</Tag>
          {schedule.late && <Tag color="warning">{t('schedules.late')}</Tag>}
          {schedule.cancelOnReply && <Tag>{t('schedules.followUp')}</Tag>}
          {schedule.sentAt && <Typography.Text type="secondary">{t('schedules.sentAt', { when: dayjs(schedule.sentAt).format('DD/MM/YYYY HH:mm') })}</Typography.Text>}
        </Flex>
      )}
      {schedule?.status === 'ERRO' && schedule.error && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t('schedules.errorReason', { reason: schedule.error })} data-testid="schedule-error" />}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} disabled={!editable} data-testid="schedule-form">
        <Form.Item name="body" label={t('schedules.body')} rules={[bodyRule]}>
          <Input.TextArea rows={5} maxLength={4096} autoFocus data-testid="schedule-body" />
        </Form.Item>
        <Form.Item name="contactId" label={t('schedules.contact')} rules={[{ required: true, message: msg.obrigatorio }]}>
          <Select
            data-testid="schedule-contact"
            showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term }}
            loading={searching}
            options={options}
            notFoundContent={term.trim() ? t('schedules.noContacts') : t('schedules.searchHint')}
            placeholder={t('schedules.searchHint')}
          />
        </Form.Item>
        <Form.Item name="sendAt" label={t('schedules.sendAt')} rules={[{ required: true, message: msg.obrigatorio }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="DD/MM/YYYY HH:mm" style={{ width: '100%' }} data-testid="schedule-send-at" />
        </Form.Item>
        <Form.Item label={t('schedules.attachment')}>
          <Flex gap={8} align="center" wrap>
            <Upload
              accept={ACCEPT}
              showUploadList={false}
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
            >
              <Button icon={<PaperClipOutlined />} data-testid="schedule-attach">
                {t('schedules.attach')}
              </Button>
            </Upload>
            {mediaName && (
              <Flex gap={4} align="center" data-testid="schedule-media-name">
                <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                  {mediaName}
                </Typography.Text>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('schedules.removeAttachment')}
                  data-testid="schedule-media-remove"
                  onClick={() => {
                    setFile(null);
                    setDropMedia(true);
                  }}
                />
              </Flex>
            )}
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
};
