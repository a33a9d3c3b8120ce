import { useEffect, useMemo, useState } from 'react';
import { Form, Select } from 'antd';
import type { QueueDto, UserDto, WhatsappDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { FormDialog, useFormSave } from '../../components/FormDialog';
import { toastError } from '../../lib/reportError';
import { ticketsApi } from './tickets.api';

export interface TransferChoice {
  queueId: number;
  userId: number | null;
  whatsappId: number | null;
}

interface Props {
  open: boolean;
  /** The ticket's current connection: the connection select starts there. */
  whatsappId?: number | null;
  onCancel: () => void;
  onSubmit: (choice: TransferChoice) => Promise<void>;
}

interface Values {
  queueId?: number;
  userId?: number;
  whatsappId?: number;
}

/** Users are searched from this many characters on (attendance §2 dialogs, like the contact search). */
export const USER_SEARCH_MIN = 3;

/**
 * Transfer (attendance §2, §4): a queue is required ('Selecione uma fila'); the user, found by
 * typing at least 3 characters of their name, is optional (queue only → waiting); the connection
 * may change too.
 */
export const TransferDialog = ({ open, whatsappId, onCancel, onSubmit }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [queues, setQueues] = useState<QueueDto[]>([]);
  const [users, setUsers] = useState<UserDto[]>([]);
  const [connections, setConnections] = useState<WhatsappDto[]>([]);
  const [term, setTerm] = useState('');
  const [loading, setLoading] = useState(false);
  const queueId = Form.useWatch('queueId', form);
  const userId = Form.useWatch('userId', form);
  // The transfer itself (its busy state, toasts and where the view goes) is the ticket actions' business.
  const { run, dialog } = useFormSave({ form, onClose: onCancel });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldValue('whatsappId', whatsappId ?? undefined);
    setTerm('');
    setLoading(true);
    Promise.all([
      ticketsApi.queues().then(setQueues),
      ticketsApi.users().then(setUsers),
      ticketsApi.connections().then(setConnections),
    ])
      .catch(toastError)
      .finally(() => setLoading(false));
  }, [open, form, whatsappId]);

  // From 3 characters: the users whose name holds them (of the chosen queue, or admins); the chosen one stays listed.
  const userOptions = useMemo(() => {
    const needle = term.trim().toLocaleLowerCase();
    const matches = (u: UserDto) =>
      (needle.length >= USER_SEARCH_MIN && u.name.toLocaleLowerCase().includes(needle) && (!queueId || u.profile === 'admin' || u.queues.some((q) => q.id === queueId))) ||
      u.id === userId;
    return users.filter(matches).map((u) => ({ value: u.id, label: u.name }));
  }, [users, term, queueId, userId]);

  const submit = (values: Values) => run(() => onSubmit({ queueId: values.queueId!, userId: values.userId ?? null, whatsappId: values.whatsappId ?? null }));

  return (
    <FormDialog<Values>
      {...dialog}
      open={open}
      title={t('transfer.title')}
      okText={t('transfer.submit')}
      onFinish={submit}
      testIds={{ save: 'transfer-submit', form: 'transfer-form' }}
      requiredMark={false}
      width={520}
    >
      <Form.Item name="userId" label={t('transfer.user')}>
        <Select
          data-testid="transfer-user"
          allowClear
          showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term }}
          placeholder={t('transfer.userPlaceholder')}
          options={userOptions}
          loading={loading}
          notFoundContent={term.trim().length < USER_SEARCH_MIN ? t('manager.userSearchHint') : t('manager.noUsers')}
        />
      </Form.Item>
      <Form.Item name="queueId" label={t('transfer.queue')} rules={[{ required: true, message: t('transfer.selectQueue') }]}>
        <Select
          data-testid="transfer-queue"
          placeholder={t('transfer.selectQueue')}
          loading={loading}
          options={queues.map((q) => ({ value: q.id, label: q.name }))}
        />
      </Form.Item>
      <Form.Item name="whatsappId" label={t('manager.connection')}>
        <Select
          data-testid="transfer-connection"
          allowClear
          placeholder={t('manager.connectionPlaceholder')}
          loading={loading}
          options={connections.map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
    </FormDialog>
  );
};
