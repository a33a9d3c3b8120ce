import { useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContactUploadResponse } from '@balcao/shared';
import { ImportRefusedTable } from '../../components/ImportRefusedTable';
import { toastError } from '../../lib/reportError';
import { contactsApi } from './contacts.api';

interface Props {
  open: boolean;
  onClose: () => void;
  /** After an import that created contacts (the page reloads its list). */
  onImported: () => void;
}

/** What the file picker offers (decision 0076). */
export const SHEET_ACCEPT = '.csv,.xls,.xlsx';

type Phase = { kind: 'idle' } | { kind: 'sending'; percent: number } | { kind: 'done'; report: ContactUploadResponse };

/** Import contacts from a spreadsheet: the upload's progress, then what was refused and why. */
export const ContactImportDialog = ({ open, onClose, onImported }: Props) => {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);

  const start = async (file: File) => {
    setPhase({ kind: 'sending', percent: 0 });
    try {
      const report = await contactsApi.upload(file, (percent) => setPhase({ kind: 'sending', percent }));
      setPhase({ kind: 'done', report });
      if (report.created) onImported();
    } catch (err) {
      setPhase({ kind: 'idle' });
      toastError(err);
    }
  };
  const close = () => {
    if (phase.kind === 'sending') return;
    setPhase({ kind: 'idle' });
    onClose();
  };

  return (
    <Modal open={open} title={t('contacts.importSheetTitle')} onCancel={close} footer={<Button onClick={close} disabled={phase.kind === 'sending'} data-testid="contact-import-close">{t('contacts.close')}</Button>} destroyOnHidden width={600}>
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('contacts.importSheetHelp')}
        </Typography.Paragraph>
        <input
          ref={input}
          type="file"
          accept={SHEET_ACCEPT}
          hidden
          data-testid="contact-import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void start(file);
          }}
        />
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} loading={phase.kind === 'sending'} data-testid="contact-import-pick">
          {t('contacts.importSheetPick')}
        </Button>
        {phase.kind === 'sending' ? (
          <div data-testid="contact-import-progress">
            {/* The bytes' progress; once sent, the server reads the rows (an active bar). */}
            <Progress percent={phase.percent === 100 ? 99 : phase.percent} status="active" />
            <Typography.Text type="secondary">{phase.percent === 100 ? t('contacts.importProcessing') : t('contacts.importSending')}</Typography.Text>
          </div>
        ) : null}
        {phase.kind === 'done' ? (
          <Flex vertical gap={8} data-testid="contact-import-report">
            <Progress percent={100} />
            <Alert
              type={phase.report.refused.length ? 'warning' : 'success'}
              showIcon
              message={t('contacts.importSummary', { created: phase.report.created, total: phase.report.total, refused: phase.report.refused.length })}
            />
            {phase.report.refused.length ? (
              <ImportRefusedTable
                rows={phase.report.refused}
                rowTestId="contact-import-refused"
                titles={{ row: t('contacts.importRow'), name: t('contacts.name'), number: t('contacts.number'), reason: t('contacts.importReason') }}
                reasonText={(reason) => t(`contacts.reasons.${reason}`)}
              />
            ) : null}
          </Flex>
        ) : null}
      </Flex>
    </Modal>
  );
};
