import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, QRCode, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/reportError';
import { connectionsApi } from './connections.api';
import { useConnections } from './connections.store';

/** Baileys' pairing code is 8 characters; WhatsApp shows it as XXXX-XXXX. */
const formatPairingCode = (code: string) => (code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code);
const phoneDigits = (raw: string) => raw.replace(/\D/g, '');

/**
 * Shows the live QR of one connection, or ("Conectar com número de telefone") asks for the phone
 * number and shows the pairing code WhatsApp gives for it. Closes itself once there is nothing to
 * show: the QR became empty, or the pairing ended (CONNECTED, or DISCONNECTED when it expired).
 */
export const QrDialog = ({ whatsappId, onClose }: { whatsappId: number | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const connection = useConnections((s) => s.list.find((w) => w.id === whatsappId));
  const qrcode = connection?.qrcode ?? '';
  const pairingCode = connection?.pairingCode ?? '';
  const [mode, setMode] = useState<'qr' | 'phone'>('qr');
  /** A pairing code was asked for from this dialog: OPENING means it is on its way. */
  const [asked, setAsked] = useState(false);
  const open = whatsappId !== null;
  const showing = !!qrcode || !!pairingCode || (asked && connection?.status === 'OPENING');

  useEffect(() => {
    setMode('qr');
    setAsked(false);
  }, [whatsappId]);
  useEffect(() => {
    if (open && !showing) onClose();
  }, [open, showing, onClose]);

  const ask = async ({ phone }: { phone: string }) => {
    if (whatsappId === null) return;
    setAsked(true);
    try {
      useConnections.getState().upsert(await connectionsApi.startSession(whatsappId, { phoneNumber: phoneDigits(phone) }));
    } catch (err) {
      setAsked(false);
      toastError(err);
    }
  };

  const phoneMode = mode === 'phone' || !!pairingCode;
  return (
    <Modal open={open && showing} title={t(phoneMode ? 'connections.pairingTitle' : 'connections.qrTitle')} footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="qr-dialog" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
        {!phoneMode && (
          <>
            {qrcode ? <QRCode type="svg" value={qrcode} size={256} /> : <Typography.Text>{t('connections.qrWaiting')}</Typography.Text>}
            <Typography.Text code copyable style={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 11 }} data-testid="qr-text">
              {qrcode}
            </Typography.Text>
            <Button type="link" onClick={() => setMode('phone')} data-testid="qr-use-phone">
              {t('connections.usePhone')}
            </Button>
          </>
        )}
        {phoneMode && pairingCode && (
          <>
            <Typography.Text strong copyable={{ text: pairingCode }} style={{ fontFamily: 'monospace', fontSize: 32, letterSpacing: 4 }} data-testid="pairing-code">
              {formatPairingCode(pairingCode)}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
              {t('connections.pairingInstructions')}
            </Typography.Paragraph>
          </>
        )}
        {phoneMode && !pairingCode && asked && <Spin tip={t('connections.pairingWaiting')} data-testid="pairing-waiting"><div style={{ width: 240, height: 60 }} /></Spin>}
        {phoneMode && !pairingCode && !asked && (
          <Form layout="vertical" style={{ width: '100%' }} onFinish={(v: { phone: string }) => void ask(v)} requiredMark={false}>
            <Form.Item
              name="phone"
              label={t('connections.pairingPhone')}
              extra={t('connections.pairingPhoneHelp')}
              rules={[{ validator: (_, v: string | undefined) => (/^\d{10,15}$/.test(phoneDigits(v ?? '')) ? Promise.resolve() : Promise.reject(new Error(t('connections.pairingPhoneInvalid')))) }]}
            >
              <Input inputMode="tel" autoComplete="tel" autoFocus data-testid="pairing-phone" />
            </Form.Item>
            <div style={{ display: 'flex', justifyContent: 'space-between' }}>
              <Button type="link" onClick={() => setMode('qr')} disabled={!qrcode}>
                {t('connections.useQr')}
              </Button>
              <Button type="primary" htmlType="submit" data-testid="pairing-submit">
                {t('connections.pairingSubmit')}
              </Button>
            </div>
          </Form>
        )}
      </div>
    </Modal>
  );
};
