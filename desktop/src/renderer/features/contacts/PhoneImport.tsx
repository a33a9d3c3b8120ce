import { useEffect, useState } from 'react';
import { Button, Flex, Popconfirm, Progress, Typography } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PhoneImportProgress } from '@balcao/shared';
import { toastError } from '../../lib/reportError';
import { listenLive } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { contactsApi } from './contacts.api';

/** Percent of the book looked at (0 while the total is unknown). */
export const importPercent = (p: Pick<PhoneImportProgress, 'done' | 'total'>): number => (p.total > 0 ? Math.min(100, Math.round((p.done / p.total) * 100)) : 0);

/**
 * "Importar contatos": `start` (after the button's yes/no confirmation) posts `POST
 * /contacts/import`, which starts (or answers the running) import of the phone's address book;
 * `progress` follows `company-<id>-contactImport` and, once done, the list reloads
 * (`onFinished`) and a toast says what became of it.
 */
export const usePhoneImport = (onFinished: () => void) => {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<PhoneImportProgress | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(
    () =>
      listenLive('contactImport', ({ progress: p }) => {
        // Any agent's import of this company is shown: one runs per company at a time.
        setProgress(p);
        if (p.state === 'done') {
          toast.success(t('deskExtra.importPhoneDone', { created: p.created, skipped: p.skipped }));
          onFinished();
        }
        if (p.state === 'failed') toast.error(t('deskExtra.importPhoneFailed'));
      }),
    [onFinished, t],
  );

  const start = async () => {
    setStarting(true);
    try {
      const p = await contactsApi.importFromPhone();
      // A frame may have arrived first: never go back.
      setProgress((cur) => (cur?.jobId === p.jobId && cur.done >= p.done ? cur : p));
    } catch (err) {
      toastError(err);
    } finally {
      setStarting(false);
    }
  };
  const busy = !!progress && (progress.state === 'queued' || progress.state === 'running');
  return { progress, starting, busy, start };
};

export type PhoneImportState = ReturnType<typeof usePhoneImport>;

/** The header's button, with its confirmation (disabled while an import runs). */
export const PhoneImportButton = ({ state }: { state: PhoneImportState }) => {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('deskExtra.importPhoneTitle')}
      description={t('deskExtra.importPhoneText')}
      okText={t('deskExtra.yes')}
      cancelText={t('deskExtra.no')}
      okButtonProps={{ 'data-testid': 'contacts-import-phone-confirm' }}
      onConfirm={() => void state.start()}
      disabled={state.busy}
    >
      <Button icon={<MobileOutlined />} loading={state.starting || state.busy} data-testid="contacts-import-phone">
        {t('deskExtra.importPhone')}
      </Button>
    </Popconfirm>
  );
};

/** The bar under the header: queued, n of total, then what was imported (or the failure). */
export const PhoneImportBar = ({ progress }: { progress: PhoneImportProgress | null }) => {
  const { t } = useTranslation();
  if (!progress) return null;
  return (
    <Flex vertical style={{ marginBottom: 12 }} data-testid="contacts-import-phone-progress" data-state={progress.state} aria-live="polite">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {progress.state === 'done'
          ? t('deskExtra.importPhoneDone', { created: progress.created, skipped: progress.skipped })
          : progress.state === 'failed'
            ? t('deskExtra.importPhoneFailed')
            : progress.state === 'queued' && progress.done === 0
              ? t('deskExtra.importPhoneQueued')
              : t('deskExtra.importPhoneRunning', { done: progress.done, total: progress.total })}
      </Typography.Text>
      <Progress
        percent={progress.state === 'done' ? 100 : importPercent(progress)}
        size="small"
        status={progress.state === 'done' ? 'success' : progress.state === 'failed' ? 'exception' : 'active'}
      />
    </Flex>
  );
};

/** Button and bar together (as the page lays them out, header and below). */
export const PhoneImport = ({ onFinished }: { onFinished: () => void }) => {
  const state = usePhoneImport(onFinished);
  return (
    <>
      <PhoneImportButton state={state} />
      <PhoneImportBar progress={state.progress} />
    </>
  );
};
