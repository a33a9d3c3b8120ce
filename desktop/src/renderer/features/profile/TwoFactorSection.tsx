import { useCallback, useEffect, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TwoFactorStatusDto } from '@balcao/shared';
import { errorCode } from '../../lib/errors';
import { toastError } from '../../lib/reportError';
import { toast } from '../../lib/toast';
import { RecoveryCodes, TwoFactorSetup, twoFactorApi } from '../auth';

const CODE = /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/;

/** Turning it off: a code from the app (or a recovery code), or the password. */
const DisablePane = ({ status, onDone }: { status: TwoFactorStatusDto; onDone: () => void }) => {
  const { t } = useTranslation();
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = withPassword ? value !== '' : CODE.test(value.trim());
  const submit = async () => {
    if (!valid || busy) return;
    setBusy(true);
    try {
      await twoFactorApi.disable(withPassword ? { password: value } : { code: value.trim() });
      toast.success(t('twoFactor.disabled'));
      onDone();
    } catch (err) {
      toastError(err);
      setValue('');
      setBusy(false);
    }
  };
  if (status.required) return <Typography.Text data-testid="twofa-required">{t('twoFactor.required')}</Typography.Text>;
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('twoFactor.disableHint')}</Typography.Text>
      {withPassword ? (
        <Input.Password value={value} onChange={(e) => setValue(e.target.value)} onPressEnter={() => void submit()} autoComplete="current-password" aria-label={t('twoFactor.password')} data-testid="twofa-disable-password" />
      ) : (
        <Input value={value} onChange={(e) => setValue(e.target.value.trim().slice(0, 11))} onPressEnter={() => void submit()} autoComplete="one-time-code" placeholder="000000" aria-label={t('twoFactor.codeLabel')} data-testid="twofa-disable-code" />
      )}
      <Flex justify="space-between" align="center">
        <Typography.Link
          onClick={() => {
            setWithPassword((p) => !p);
            setValue('');
          }}
          data-testid="twofa-disable-toggle"
        >
          {withPassword ? t('twoFactor.useCode') : t('twoFactor.usePassword')}
        </Typography.Link>
        <Button danger loading={busy} disabled={!valid} onClick={() => void submit()} data-testid="twofa-disable">
          {t('twoFactor.turnOff')}
        </Button>
      </Flex>
    </Flex>
  );
};

/** The dialog: setup, then the recovery codes once; or, when on, turning it off. */
const TwoFactorDialog = ({ status, onClose }: { status: TwoFactorStatusDto; onClose: () => void }) => {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const enabled = (r: { recoveryCodes: string[] }) => {
    toast.success(t('twoFactor.enabled'));
    setCodes(r.recoveryCodes);
  };
  return (
    // Closing while the codes show would lose them: only the done button closes then.
    <Modal open title={t('twoFactor.title')} footer={null} onCancel={codes ? undefined : onClose} closable={!codes} mask={{ closable: !codes }} width={440} data-testid="twofa-dialog">
      {codes ? (
        <RecoveryCodes codes={codes} doneText={t('twoFactor.done')} onDone={onClose} />
      ) : status.enabled ? (
        <DisablePane status={status} onDone={onClose} />
      ) : (
        <TwoFactorSetup onEnabled={enabled} />
      )}
    </Modal>
  );
};

/** The profile's two-factor line (issue 28 §13): on or off, recovery codes left, and the button that changes it. */
export const TwoFactorSection = ({ open }: { open: boolean }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TwoFactorStatusDto | null>(null);
  const [dialog, setDialog] = useState(false);
  const load = useCallback(
    () =>
      twoFactorApi.status().then(setStatus, (err: unknown) => {
        // A billing-only session (decision 0280) reaches no 2FA route: the line just stays away.
        if (errorCode(err) !== 'ERR_BILLING_ONLY') toastError(err);
      }),
    [],
  );

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  if (!status) return null;
  return (
    <Form.Item label={t('twoFactor.title')}>
      <Space wrap>
        <Tag color={status.enabled ? 'green' : 'default'} data-testid="profile-2fa-status">
          {status.enabled ? t('twoFactor.on') : t('twoFactor.off')}
        </Tag>
        {status.enabled && <Typography.Text type="secondary">{t('twoFactor.codesLeft', { count: status.recoveryCodesLeft })}</Typography.Text>}
        <Button onClick={() => setDialog(true)} data-testid="profile-2fa-manage">
          {status.enabled ? t('twoFactor.turnOff') : t('twoFactor.turnOn')}
        </Button>
      </Space>
      {dialog && (
        <TwoFactorDialog
          status={status}
          onClose={() => {
            setDialog(false);
            void load();
          }}
        />
      )}
    </Form.Item>
  );
};
