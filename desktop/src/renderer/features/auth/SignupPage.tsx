import { useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Select, Spin, Typography } from 'antd';
import { LockOutlined, MailOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { msg, SignupBody, type PlanDto } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { zodRule } from '../../lib/zodRule';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { maskPhone } from './phone-mask';
import { AuthFrame } from './AuthFrame';
import { publicApi } from './public.api';

interface SignupForm {
  name: string;
  email: string;
  phone?: string;
  password: string;
  planId?: number;
}

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * /signup (administration.md §2 "Login and signup"): a company and its admin. Closed registration
 * (`allowregister` not enabled) sends the visitor to /login; the server refuses too. The spec's
 * optional `?companyId=` is accepted and never sent: a new company's id is the server's
 * (decision 0251). Due date, recurrence and trial are the server's as well — nothing here picks them.
 */
export const SignupPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<boolean | null>(null);
  const [trial, setTrial] = useState<string | null>(null);
  const [plans, setPlans] = useState<PlanDto[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    publicApi
      .setting('allowregister')
      .then(({ value }) => {
        if (!live) return;
        if (value !== 'enabled') {
          navigate('/login', { replace: true });
          return;
        }
        setOpen(true);
        // The spec only logs these failures: the form still works without the trial line.
        publicApi.setting('trial').then(
          (r) => live && setTrial(r.value),
          (err: unknown) => console.warn('trial setting', err),
        );
        publicApi.signupPlans().then(
          (list) => live && setPlans(list),
          (err: unknown) => {
            if (!live) return;
            setPlans([]);
            toastError(err);
          },
        );
      })
      .catch((err: unknown) => {
        console.warn('allowregister setting', err);
        if (live) navigate('/login', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [navigate]);

  const onFinish = async (values: SignupForm) => {
    setBusy(true);
    try {
      await publicApi.signup({ name: values.name, email: values.email, phone: values.phone ?? '', password: values.password, planId: values.planId! });
      toast.success(t('signup.success'));
      navigate('/login', { replace: true });
    } catch (err) {
      toastError(err);
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <div data-testid="signup-loading" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100%' }}>
        <Spin />
      </div>
    );
  }

  return (
    <AuthFrame title={t('signup.title')} width={420}>
      {trial && (
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }} data-testid="signup-trial">
          {t('signup.trial', { count: Number(trial) })}
        </Typography.Paragraph>
      )}
      <Form<SignupForm> layout="vertical" onFinish={onFinish} requiredMark={false} validateTrigger="onSubmit">
        <Form.Item name="name" label={t('signup.name')} rules={[zodRule(SignupBody.shape.name)]}>
          <Input prefix={<UserOutlined />} autoComplete="organization" autoFocus data-testid="signup-name" />
        </Form.Item>
        <Form.Item name="email" label={t('signup.email')} rules={[zodRule(SignupBody.shape.email)]}>
          <Input prefix={<MailOutlined />} inputMode="email" autoComplete="email" data-testid="signup-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('signup.phone')} normalize={(v: string) => maskPhone(v)} rules={[zodRule(SignupBody.shape.phone)]}>
          <Input prefix={<PhoneOutlined />} inputMode="tel" autoComplete="tel-national" placeholder="(99) 99999-9999" data-testid="signup-phone" />
        </Form.Item>
        <Form.Item name="password" label={t('signup.password')} rules={[zodRule(SignupBody.shape.password)]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="signup-password" />
        </Form.Item>
        <Form.Item name="planId" label={t('signup.plan')} rules={[{ required: true, message: msg.required }]}>
          <Select
            data-testid="signup-plan"
            loading={plans === null}
            placeholder={t('signup.planPlaceholder')}
            notFoundContent={plans === null ? <Spin size="small" /> : t('signup.noPlans')}
            // The field shows the plan and its price; the list also says what each plan includes.
            options={(plans ?? []).map((p) => ({ value: p.id, label: t('signup.planLabel', { name: p.name, value: money.format(p.value) }), plan: p }))}
            optionRender={(o) => {
              const p = (o.data as { plan: PlanDto }).plan;
              return (
                <div data-testid="signup-plan-option" style={{ whiteSpace: 'normal' }}>
                  <Typography.Text strong>{t('signup.planLabel', { name: p.name, value: money.format(p.value) })}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t('signup.planLimits', { users: p.users, connections: p.connections, queues: p.queues })}</Typography.Text>
                </div>
              );
            }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="signup-submit">
          {t('signup.submit')}
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/login" data-testid="signup-login-link">
          {t('signup.toLogin')}
        </Link>
      </Flex>
    </AuthFrame>
  );
};
