import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Input, QRCode, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TwoFactorEnableResponse, TwoFactorSetupResponse } from '@balcao/shared';
import { errorCode } from '../../lib/errors';
import { toastError } from '../../lib/reportError';
import { twoFactorApi } from './auth.api';

const SIX_DIGITS = /^\d{6}$/;

/**
 * Setting two-factor sign-in up (decision 0350): the otpauth URL as a QR code, the secret for
 * typing in by hand, and the first code, which turns it on. With `challenge` it is the login's
 * setup step (the policy requires 2FA), otherwise the session's.
 */
export const TwoFactorSetup = ({ challenge, onEnabled, onExpired }: { challenge?: string; onEnabled: (r: TwoFactorEnableResponse) => void; onExpired?: () => void }) => {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  // Once per mount: a second setup would replace the secret the QR code shows.
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    twoFactorApi.setup(challenge).then(setSetup, (err: unknown) => {
      toastError(err);
      if (errorCode(err) === 'ERR_INVALID_2FA_CHALLENGE') onExpired?.();
    });
  }, [challenge, onExpired]);

  const submit = async () => {
    if (!SIX_DIGITS.test(code) || busy) return;
    setBusy(true);
    try {
      onEnabled(await twoFactorApi.enable(code, challenge));
    } catch (err) {
      toastError(err);
      setCode('');
      setBusy(false);
      // The login's challenge lived 5 minutes or took 5 wrong codes: back to the password.
      if (errorCode(err) === 'ERR_INVALID_2FA_CHALLENGE') onExpired?.();
    }
  };

  if (!setup) return <Spin data-testid="twofa-setup-loading" />;
  return (
    <Flex vertical gap={12} align="center">
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('twoFactor.scan')}</Typography.Paragraph>
      <div data-testid="twofa-qr">
        <QRCode type="svg" value={setup.otpauthUrl} size={180} />
      </div>
      <Typography.Text type="secondary">{t('twoFactor.secret')}</Typography.Text>
      <Typography.Text code copyable style={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="twofa-secret">
        {setup.secret}
      </Typography.Text>
      <Input
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        onPressEnter={() => void submit()}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="000000"
        aria-label={t('twoFactor.codeLabel')}
        style={{ maxWidth: 200, textAlign: 'center', letterSpacing: 4 }}
        data-testid="twofa-enable-code"
      />
      <Button type="primary" block loading={busy} disabled={!SIX_DIGITS.test(code)} onClick={() => void submit()} data-testid="twofa-enable">
        {t('twoFactor.enable')}
      </Button>
    </Flex>
  );
};

/** The recovery codes, shown once, with a copy button; `onDone` when the user has kept them. */
export const RecoveryCodes = ({ codes, doneText, onDone }: { codes: string[]; doneText: string; onDone: () => void }) => {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12}>
      <Typography.Text strong>{t('twoFactor.recoveryTitle')}</Typography.Text>
      <Alert type="warning" showIcon title={t('twoFactor.recoveryWarning')} />
      <Typography.Paragraph copyable={{ text: codes.join('\n'), tooltips: [t('twoFactor.copy'), t('twoFactor.copied')] }} style={{ marginBottom: 0 }}>
        <pre data-testid="twofa-recovery-codes" style={{ fontFamily: 'monospace', margin: 0, columns: 2 }}>
          {codes.join('\n')}
        </pre>
      </Typography.Paragraph>
      <Button type="primary" block onClick={onDone} data-testid="twofa-done">
        {doneText}
      </Button>
    </Flex>
  );
};
