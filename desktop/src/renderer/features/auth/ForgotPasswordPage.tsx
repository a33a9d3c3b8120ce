import { useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { KeyOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { email as emailSchema, resetCode, resetMsg, strongPassword } from '@balcao/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { zodRule } from '../../lib/zodRule';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { AuthFrame } from './AuthFrame';
import { publicApi } from './public.api';

interface ResetForm {
  email: string;
  token?: string;
  newPassword?: string;
  confirmPassword?: string;
}

/**
 * /forgetpsw (administration.md §2 "Password reset"): step one asks for the e-mail ('Enviar
 * Email'); step two adds the code, the new password and its confirmation ('Redefinir Senha'),
 * then /login. The server answers step one the same whether or not the address exists.
 */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetForm>();
  const [step, setStep] = useState<1 | 2>(1);
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: ResetForm) => {
    setBusy(true);
    try {
      if (step === 1) {
        const r = await publicApi.forgotPassword(values.email);
        // The spec's 404-in-the-body case; this server never says an address is unknown (decision 0253).
        if ((r.status as number) === 404) toast.error(t('forgot.notFound'));
        else {
          toast.success(t('forgot.sent'));
          setStep(2);
        }
      } else {
        await publicApi.resetPassword({ email: values.email, token: values.token!.trim(), newPassword: values.newPassword! });
        toast.success(t('forgot.done'));
        navigate('/login', { replace: true });
        return;
      }
    } catch (err) {
      toastError(err);
    }
    setBusy(false);
  };

  return (
    <AuthFrame title={t('forgot.title')} width={400}>
      {step === 2 && (
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }} data-testid="forgot-step2-hint">
          {t('forgot.codeHint')}
        </Typography.Paragraph>
      )}
      <Form<ResetForm> form={form} layout="vertical" onFinish={onFinish} requiredMark={false} validateTrigger="onSubmit">
        <Form.Item name="email" label={t('forgot.email')} rules={[zodRule(emailSchema)]}>
          <Input prefix={<MailOutlined />} inputMode="email" autoComplete="email" autoFocus data-testid="forgot-email" />
        </Form.Item>
        {step === 2 && (
          <>
            <Form.Item name="token" label={t('forgot.code')} rules={[zodRule(resetCode)]}>
              <Input prefix={<KeyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus data-testid="forgot-code" />
            </Form.Item>
            <Form.Item name="newPassword" label={t('forgot.newPassword')} rules={[zodRule(strongPassword)]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="forgot-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('forgot.confirmPassword')}
              dependencies={['newPassword']}
              rules={[
                { required: true, message: resetMsg.required },
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: string | undefined) => {
                    if (value && value !== getFieldValue('newPassword')) throw new Error(resetMsg.mismatch);
                  },
                }),
              ]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="forgot-confirm" />
            </Form.Item>
          </>
        )}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid={step === 1 ? 'forgot-send' : 'forgot-reset'}>
          {step === 1 ? t('forgot.send') : t('forgot.reset')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        <Link to="/login" data-testid="forgot-login-link">
          {t('forgot.toLogin')}
        </Link>
        <Link to="/signup" data-testid="forgot-signup-link">
          {t('forgot.toSignup')}
        </Link>
      </Flex>
    </AuthFrame>
  );
};
