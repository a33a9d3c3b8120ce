import { useEffect, useState } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { can, profiles, UpdateUserBody, type QueueDto, type UserDto, type WhatsappDto } from '@balcao/shared';
import { FormDialog, useFormSave } from '../../components/FormDialog';
import { toastError } from '../../lib/reportError';
import { useSession } from '../../lib/session';
import { zodRule } from '../../lib/zodRule';
import { profileApi } from './profile.api';
import { TwoFactorSection } from './TwoFactorSection';

interface FormValues {
  name: string;
  email: string;
  password: string;
  profile: UserDto['profile'];
  queueIds: number[];
  whatsappId: number | null;
  allTicket: 'enabled' | 'disabled';
}

const nameRule = zodRule(UpdateUserBody.shape.name);
const emailRule = zodRule(UpdateUserBody.shape.email);
const passwordRule = zodRule(UpdateUserBody.shape.password);

/**
 * The user profile modal (attendance.md §2, profile menu): one's own name, e-mail and password;
 * admins also their queues, default connection and allTicket. The profile is shown, never
 * editable here: nobody changes their own profile (decision 0089). Every user turns two-factor
 * sign-in on or off here (decision 0350).
 */
export const ProfileModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const me = useSession((s) => s.user);
  const [form] = Form.useForm<FormValues>();
  const [loading, setLoading] = useState(false);
  const { run, dialog } = useFormSave({ form, onClose, success: t('topbar.user.saved') });
  const [queues, setQueues] = useState<QueueDto[]>([]);
  const [connections, setConnections] = useState<WhatsappDto[]>([]);
  const admin = !!me && can(me, 'user-modal:editProfile');
  const editQueues = !!me && can(me, 'user-modal:editQueues');
  const id = me?.id;

  useEffect(() => {
    if (!open || id === undefined) return;
    let live = true;
    setLoading(true);
    Promise.all([profileApi.get(id), admin ? profileApi.queues() : [], admin ? profileApi.connections() : []])
      .then(([user, qs, ws]) => {
        if (!live) return;
        setQueues(qs);
        setConnections(ws);
        form.setFieldsValue({
          name: user.name,
          email: user.email,
          password: '',
          profile: user.profile,
          queueIds: user.queues.map((q) => q.id),
          whatsappId: user.whatsappId,
          allTicket: user.allTicket === 'enabled' ? 'enabled' : 'disabled',
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
  }, [open, id, admin, form, onClose]);

  const submit = async (v: FormValues) => {
    if (id === undefined) return;
    await run(async () => {
      const saved = await profileApi.save(id, {
        name: v.name,
        email: v.email,
        password: v.password ?? '',
        ...(admin ? { whatsappId: v.whatsappId ?? null, allTicket: v.allTicket } : {}),
        ...(editQueues ? { queueIds: v.queueIds } : {}),
      });
      const current = useSession.getState().user;
      if (current) useSession.setState({ user: { ...current, ...saved, company: current.company } });
    });
  };

  return (
    <FormDialog<FormValues>
      {...dialog}
      open={open}
      title={t('topbar.user.title')}
      okText={t('topbar.user.save')}
      onFinish={submit}
      testIds={{ save: 'profile-save', form: 'profile-form' }}
      forceRender
      loading={loading}
      width={520}
    >
      <Form.Item name="name" label={t('topbar.user.name')} rules={[nameRule]}>
        <Input autoComplete="name" data-testid="profile-name" />
      </Form.Item>
      <Form.Item name="email" label={t('topbar.user.email')} rules={[emailRule]}>
        <Input type="email" autoComplete="email" data-testid="profile-email" />
      </Form.Item>
      <Form.Item name="password" label={t('topbar.user.password')} extra={t('topbar.user.passwordHint')} rules={[passwordRule]}>
        <Input.Password autoComplete="new-password" data-testid="profile-password" />
      </Form.Item>
      <TwoFactorSection open={open} />
      {admin && (
        <>
          <Form.Item name="profile" label={t('topbar.user.profile')}>
            <Select disabled options={profiles.map((p) => ({ value: p, label: t(`topbar.user.profiles.${p}`) }))} data-testid="profile-profile" />
          </Form.Item>
          {editQueues && (
            <Form.Item name="queueIds" label={t('topbar.user.queues')}>
              <Select mode="multiple" allowClear options={queues.map((q) => ({ value: q.id, label: q.name }))} data-testid="profile-queues" />
            </Form.Item>
          )}
          <Form.Item name="whatsappId" label={t('topbar.user.whatsapp')}>
            <Select
              options={[{ value: null, label: t('topbar.user.noWhatsapp') }, ...connections.map((w) => ({ value: w.id, label: w.name }))]}
              data-testid="profile-whatsapp"
            />
          </Form.Item>
          <Form.Item name="allTicket" label={t('topbar.user.allTicket')}>
            <Select
              options={[
                { value: 'enabled', label: t('topbar.user.enabled') },
                { value: 'disabled', label: t('topbar.user.disabled') },
              ]}
              data-testid="profile-allticket"
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
};
