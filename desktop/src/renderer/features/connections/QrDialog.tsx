import { useEffect } from 'react';
import { Modal, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConnections } from './connections.store';

/** Shows the live QR of one connection; closes itself once the session's QR becomes empty. */
export const QrDialog = ({ whatsappId, onClose }: { whatsappId: number | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const qrcode = useConnections((s) => s.list.find((w) => w.id === whatsappId)?.qrcode ?? '');
  const open = whatsappId !== null;

  useEffect(() => {
    if (open && !qrcode) onClose();
  }, [open, qrcode, onClose]);

  return (
    <Modal open={open && !!qrcode} title={t('connections.qrTitle')} footer={null} onCancel={onClose} destroyOnHidden>
      <div data-testid="qr-dialog" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12 }}>
        {qrcode ? <QRCode type="svg" value={qrcode} size={256} /> : <Typography.Text>{t('connections.qrWaiting')}</Typography.Text>}
        <Typography.Text code copyable style={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 11 }} data-testid="qr-text">
          {qrcode}
        </Typography.Text>
      </div>
    </Modal>
  );
};
