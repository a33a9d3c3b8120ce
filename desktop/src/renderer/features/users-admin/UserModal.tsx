import { useEffect, useState } from 'react';
import { Flex, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CreateUserBody, profiles, UpdateUserBody, type Profile, type QueueDto, type UserDto, type WhatsappDto } from '@balcao/shared';
import { FormDialog, useFormSave, type EditDialogProps } from '../../components/FormDialog';
import { errorCode } from '../../lib/errors';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { zodRule } from '../../lib/zodRule';
import { usersAdminApi } from './users-admin.api';

interface Values {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  queueIds: number[];
  whatsappId: number | null;
  allTicket: 'enabled' | 'disabled';
  /** Open tickets automatic assignment gives them at most (issue 30 §2); null: the queue's. */
  maxTickets: number | null;
}

type Props = EditDialogProps<UserDto>;

const nameRule = zodRule(CreateUserBody.shape.name);
const emailRule = zodRule(CreateUserBody.shape.email);
const newPasswordRule = zodRule(CreateUserBody.shape.password);
const passwordRule = zodRule(UpdateUserBody.shape.password);
const blank: Values = { name: '', email: '', password: '', profile: 'user', queueIds: [], whatsappId: null, allTicket: 'disabled', maxTickets: null };

/**
 * Add/edit a user (administration.md §2, §3, §5): name, e-mail, password (blank keeps it when
 * editing), profile, queues, default connection and allTicket. One's own profile is shown, never
 * editable (decision 0089).
 */
export const UserModal = ({ open, record: user, onClose, onSaved }: Props) => {
  const { t } = useTranslation();
  const me = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(false);
  const fieldError = (err: unknown) => (errorCode(err) === 'ERR_DUPLICATED_EMAIL' ? { field: 'email', text: t('usersAdmin.emailTaken') } : undefined);
  const { run, dialog } = useFormSave({ form, onClose, success: t('usersAdmin.saved'), fieldError });
  const [queues, setQueues] = useState<QueueDto[]>([]);
  const [connections, setConnections] = useState<WhatsappDto[]>([]);
  const self = !!user && user.id === me?.id;
  const id = user?.id;

  useEffect(() => {
    if (!open) return;
    let live = true;
    const editing = id !== undefined;
    // Adding has no record to wait for: the form takes its defaults at once and can be typed
    // into while the queue and connection lists load (setting the values after the lists came
    // would wipe what was already typed). Editing waits for the fresh record, the form disabled.
    setLoading(editing);
    form.resetFields();
    if (!editing) form.setFieldsValue(blank);
    Promise.all([usersAdminApi.queues(), usersAdminApi.connections(), editing ? usersAdminApi.show(id) : null])
      .then(([qs, ws, fresh]) => {
        if (!live) return;
        setQueues(qs);
        setConnections(ws);
        if (fresh)
          form.setFieldsValue({
            name: fresh.name,
            email: fresh.email,
            password: '',
            profile: fresh.profile,
            queueIds: fresh.queues.map((q) => q.id),
            whatsappId: fresh.whatsappId ?? null,
            allTicket: fresh.allTicket,
            maxTickets: fresh.maxTickets ?? null,
          });
      })
      .catch((err: unknown) => {
        toastError(err);
        if (live) onClose();
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, id, form, onClose]);

  const submit = (v: Values) =>
    run(async () => {
      const common = { name: v.name, email: v.email, queueIds: v.queueIds ?? [], whatsappId: v.whatsappId ?? null, allTicket: v.allTicket, maxTickets: v.maxTickets ?? null };
      const saved =
        id === undefined
          ? await usersAdminApi.create({ ...common, password: v.password, profile: v.profile })
          : await usersAdminApi.update(id, { ...common, password: v.password ?? '', ...(self ? {} : { profile: v.profile }) });
      if (self) {
        const current = useSession.getState().user;
        if (current) useSession.setState({ user: { ...current, ...saved, company: current.company } });
      }
      onSaved(saved);
    });

  return (
    <FormDialog<Values>
      {...dialog}
      open={open}
      title={t(user ? 'usersAdmin.editTitle' : 'usersAdmin.addTitle')}
      okText={t(user ? 'usersAdmin.save' : 'usersAdmin.create')}
      onFinish={submit}
      testIds={{ save: 'user-save', form: 'user-form' }}
      forceRender
      loading={loading}
      width={560}
    >
      <Form.Item name="name" label={t('usersAdmin.name')} rules={[nameRule]}>
        <Input autoComplete="off" autoFocus maxLength={50} data-testid="user-name" />
      </Form.Item>
      <Form.Item name="email" label={t('usersAdmin.email')} rules={[emailRule]}>
        <Input type="email" autoComplete="off" data-testid="user-email" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('usersAdmin.password')}
        extra={user ? t('usersAdmin.passwordHint') : undefined}
        rules={[user ? passwordRule : newPasswordRule]}
      >
        <Input.Password autoComplete="new-password" maxLength={50} data-testid="user-password" />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item name="profile" label={t('usersAdmin.profile')} style={{ flex: '1 1 180px' }} tooltip={self ? t('usersAdmin.ownProfile') : undefined}>
          <Select disabled={self} options={profiles.map((p) => ({ value: p, label: t(`usersAdmin.profiles.${p}`) }))} data-testid="user-profile" />
        </Form.Item>
        <Form.Item name="allTicket" label={t('usersAdmin.allTicket')} style={{ flex: '1 1 180px' }} tooltip={t('usersAdmin.allTicketHelp')}>
          <Select
            options={[
              { value: 'enabled', label: t('usersAdmin.enabled') },
              { value: 'disabled', label: t('usersAdmin.disabled') },
            ]}
            data-testid="user-allticket"
          />
        </Form.Item>
        <Form.Item name="maxTickets" label={t('usersAdmin.maxTickets')} style={{ flex: '1 1 140px' }} tooltip={t('usersAdmin.maxTicketsHelp')}>
          <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} data-testid="user-max-tickets" />
        </Form.Item>
      </Flex>
      <Form.Item name="queueIds" label={t('usersAdmin.queues')}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('usersAdmin.noQueues')}
          optionFilterProp="label"
          options={queues.map((q) => ({ value: q.id, label: q.name }))}
          optionRender={(o) => (
            <Flex gap={8} align="center">
              <span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: queues.find((q) => q.id === o.value)?.color }} />
              {o.label}
            </Flex>
          )}
          data-testid="user-queues"
        />
      </Form.Item>
      <Form.Item name="whatsappId" label={t('usersAdmin.whatsapp')}>
        <Select options={[{ value: null, label: t('usersAdmin.noWhatsapp') }, ...connections.map((w) => ({ value: w.id, label: w.name }))]} data-testid="user-whatsapp" />
      </Form.Item>
    </FormDialog>
  );
};
