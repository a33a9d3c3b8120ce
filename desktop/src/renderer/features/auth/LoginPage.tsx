import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { LoginBody, type LoginResponse } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { zodRule } from '../../lib/zodRule';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { ServerHint } from '../desktop-app';
import { enter, login, type LoginOutcome, type SecondStep } from './auth.actions';
import { AuthFrame } from './AuthFrame';
import { publicApi } from './public.api';
import { TwoFactorCodeStep } from './TwoFactorCodeStep';
import { RecoveryCodes, TwoFactorSetup } from './TwoFactorSetup';

// A warning the user must read: longer than the 2 s default.
const DUE_WARNING_SECONDS = 6;

export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // The signup link shows only while the platform's viewregister is enabled (administration.md §2).
  const [showSignup, setShowSignup] = useState(false);

  useEffect(() => {
    let live = true;
    publicApi.setting('viewregister').then(
      (r) => live && setShowSignup(r.value === 'enabled'),
      // The spec only logs this failure: the page works without the link.
      (err: unknown) => console.warn('viewregister setting', err),
    );
    return () => {
      live = false;
    };
  }, []);

  // The second step a login stopped for (decision 0350), and, once a required setup is done, its codes and session.
  const [second, setSecond] = useState<SecondStep | null>(null);
  const [enabled, setEnabled] = useState<{ codes: string[]; session: LoginResponse } | null>(null);

  const entered = ({ dueWarningDays, billingOnly, message }: LoginOutcome) => {
    if (billingOnly) {
      // An overdue company's admin logs in only to pay (decision 0280): the spec's expiry text, then the invoices.
      toast.warning(message ?? t('billing.overdueLogin'), DUE_WARNING_SECONDS);
      navigate('/financeiro', { replace: true });
      return;
    }
    toast.success(t('login.success'));
    if (dueWarningDays !== undefined) toast.warning(t('login.dueWarning', { count: dueWarningDays }), DUE_WARNING_SECONDS);
    navigate('/tickets', { replace: true });
  };
  const back = () => {
    setSecond(null);
    setEnabled(null);
    setBusy(false);
  };

  const onFinish = async (values: LoginBody) => {
    setBusy(true);
    try {
      const done = await login(values);
      if ('step' in done) setSecond(done);
      else entered(done);
    } catch (err) {
      toastError(err);
      setBusy(false);
    }
  };

  if (second?.step === 'code') {
    return (
      <AuthFrame title={t('twoFactor.title')}>
        <TwoFactorCodeStep challenge={second.challenge} onEntered={entered} onBack={back} />
      </AuthFrame>
    );
  }
  if (second?.step === 'setup') {
    return (
      <AuthFrame title={t('twoFactor.title')} width={420}>
        {enabled ? (
          // The session is stored only now: the codes must be seen before the app opens.
          <RecoveryCodes codes={enabled.codes} doneText={t('twoFactor.continueIn')} onDone={() => entered(enter(enabled.session))} />
        ) : (
          <Flex vertical gap={12}>
            <Alert type="info" showIcon title={t('twoFactor.setupRequired')} data-testid="login-2fa-setup-required" />
            <TwoFactorSetup challenge={second.challenge} onEnabled={(r) => r.session && setEnabled({ codes: r.recoveryCodes, session: r.session })} onExpired={back} />
            <Button type="link" onClick={back} data-testid="login-2fa-back">
              {t('twoFactor.back')}
            </Button>
          </Flex>
        )}
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={t('login.title')}>
      <Form<LoginBody> layout="vertical" onFinish={onFinish} requiredMark={false} validateTrigger="onSubmit">
        <Form.Item name="email" label={t('login.email')} rules={[zodRule(LoginBody.shape.email)]}>
          <Input prefix={<MailOutlined />} autoComplete="email" autoFocus data-testid="login-email" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[zodRule(LoginBody.shape.password)]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <Flex justify={showSignup ? 'space-between' : 'center'} wrap gap={8} style={{ marginTop: 16 }}>
        <Link to="/forgetpsw" data-testid="login-forgot-link">
          {t('forgot.fromLogin')}
        </Link>
        {showSignup && (
          <Link to="/signup" data-testid="login-signup-link">
            {t('signup.fromLogin')}
          </Link>
        )}
      </Flex>
      <ServerHint />
    </AuthFrame>
  );
};
