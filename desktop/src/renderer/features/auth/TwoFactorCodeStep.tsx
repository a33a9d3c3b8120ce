import { useState } from 'react';
import { Button, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../lib/errors';
import { toastError } from '../../lib/reportError';
import { verifySecondStep, type LoginOutcome } from './auth.actions';

const SIX_DIGITS = /^\d{6}$/;
const RECOVERY = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/**
 * The login's second step (decision 0350): the authenticator's 6-digit code, or one recovery
 * code. A challenge that expired or is spent sends the user back to the password.
 */
export const TwoFactorCodeStep = ({ challenge, onEntered, onBack }: { challenge: string; onEntered: (o: LoginOutcome) => void; onBack: () => void }) => {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = recovery ? RECOVERY.test(code.trim()) : SIX_DIGITS.test(code);

  const submit = async () => {
    if (!valid || busy) return;
    setBusy(true);
    try {
      onEntered(await verifySecondStep(challenge, code.trim()));
    } catch (err) {
      toastError(err);
      setBusy(false);
      setCode('');
      if (errorCode(err) === 'ERR_INVALID_2FA_CHALLENGE') onBack();
    }
  };
  const toggle = () => {
    setRecovery((r) => !r);
    setCode('');
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{recovery ? t('twoFactor.recoveryHint') : t('twoFactor.codeHint')}</Typography.Text>
      {recovery ? (
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value.trim().slice(0, 11))}
          onPressEnter={() => void submit()}
          autoFocus
          autoComplete="off"
          placeholder="xxxxx-xxxxx"
          aria-label={t('twoFactor.recoveryLabel')}
          data-testid="login-2fa-recovery"
        />
      ) : (
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          onPressEnter={() => void submit()}
          autoFocus
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="000000"
          aria-label={t('twoFactor.codeLabel')}
          style={{ textAlign: 'center', letterSpacing: 4 }}
          data-testid="login-2fa-code"
        />
      )}
      <Button type="primary" block loading={busy} disabled={!valid} onClick={() => void submit()} data-testid="login-2fa-submit">
        {t('twoFactor.verify')}
      </Button>
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Link onClick={toggle} data-testid="login-2fa-toggle">
          {recovery ? t('twoFactor.useApp') : t('twoFactor.useRecovery')}
        </Typography.Link>
        <Typography.Link onClick={onBack} data-testid="login-2fa-back">
          {t('twoFactor.back')}
        </Typography.Link>
      </Flex>
    </Flex>
  );
};
