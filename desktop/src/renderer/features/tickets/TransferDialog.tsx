import { useEffect, useState } from 'react';
import { Form, Modal, Select } from 'antd';
import type { QueueDto, UserDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/reportError';
import { ticketsApi } from './tickets.api';

interface Props {
  open: boolean;
  onCancel: () => void;
  onSubmit: (queueId: number, userId: number | null) => Promise<void>;
}

interface Values {
  queueId?: number;
  userId?: number;
}

/** Transfer needs a queue ('Selecione uma fila'); the user is optional (queue only → waiting). */
export const TransferDialog = ({ open, onCancel, onSubmit }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [queues, setQueues] = useState<QueueDto[]>([]);
  const [users, setUsers] = useState<UserDto[]>([]);
  const queueId = Form.useWatch('queueId', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    ticketsApi.queues().then(setQueues, toastError);
    ticketsApi.users().then(setUsers, toastError);
  }, [open, form]);

  // Offer the users of the chosen queue first-class; admins may still pick anyone.
  const userOptions = users
    .filter((u) => !queueId || u.profile === 'admin' || u.queues.some((q) => q.id === queueId))
    .map((u) => ({ value: u.id, label: u.name }));

  const submit = async () => {
    const values = await form.validateFields();
    if (values.queueId) await onSubmit(values.queueId, values.userId ?? null);
  };

  return (
    <Modal
      open={open}
      title={t('transfer.title')}
      okText={t('transfer.submit')}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={{ 'data-testid': 'transfer-submit' } as Record<`data-${string}`, string>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="queueId" label={t('transfer.queue')} rules={[{ required: true, message: t('transfer.selectQueue') }]}>
          <Select
            data-testid="transfer-queue"
            placeholder={t('transfer.selectQueue')}
            options={queues.map((q) => ({ value: q.id, label: q.name }))}
            onChange={() => form.setFieldValue('userId', undefined)}
          />
        </Form.Item>
        <Form.Item name="userId" label={t('transfer.user')}>
          <Select data-testid="transfer-user" allowClear showSearch optionFilterProp="label" placeholder={t('transfer.userPlaceholder')} options={userOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
