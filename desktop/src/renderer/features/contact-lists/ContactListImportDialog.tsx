import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContactListUploadResponse } from '@balcao/shared';
import { ImportDialog } from '../../components/ImportDialog';
import { ImportRefusedTable } from '../../components/ImportRefusedTable';
import { toastError } from '../../lib/reportError';
import { listenLive } from '../../lib/socket';
import { contactListsApi } from './contact-lists.api';
import { useExampleSheet } from './ContactListsPage';

interface Props {
  open: boolean;
  contactListId: number;
  onClose: () => void;
  /** After an import that added or updated rows (the page reloads its items). */
  onImported: () => void;
}

/** administration.md §5: the import accepts .xls/.xlsx. */
export const LIST_SHEET_ACCEPT = '.xls,.xlsx';

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending'; percent: number }
  | { kind: 'processing'; done: number; total: number }
  | { kind: 'done'; report: ContactListUploadResponse };

/** Import a sheet into a list: the upload's progress, the server's rows as they go in, then what was refused and why. */
export const ContactListImportDialog = ({ open, contactListId, onClose, onImported }: Props) => {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const example = useExampleSheet();
  const busy = phase.kind === 'sending' || phase.kind === 'processing';

  // The server's progress after each batch (decision 0221), only while this dialog waits for it.
  useEffect(
    () =>
      listenLive('contactList', (p) => {
        if (p.action !== 'import' || p.progress.contactListId !== contactListId) return;
        setPhase((cur) => (cur.kind === 'sending' || cur.kind === 'processing' ? { kind: 'processing', done: p.progress.done, total: p.progress.total } : cur));
      }),
    [contactListId],
  );

  const start = async (file: File) => {
    setPhase({ kind: 'sending', percent: 0 });
    try {
      const report = await contactListsApi.upload(contactListId, file, (percent) => setPhase((cur) => (cur.kind === 'sending' ? { kind: 'sending', percent } : cur)));
      setPhase({ kind: 'done', report });
      if (report.created || report.updated) onImported();
    } catch (err) {
      setPhase({ kind: 'idle' });
      toastError(err);
    }
  };
  const close = () => {
    setPhase({ kind: 'idle' });
    onClose();
  };
  const percent = phase.kind === 'sending' ? Math.min(phase.percent, 99) / 2 : phase.kind === 'processing' ? 50 + Math.floor((phase.done / Math.max(phase.total, 1)) * 49) : 100;

  return (
    <ImportDialog
      open={open}
      title={t('contactLists.import.title')}
      width={620}
      testId="cl-import"
      help={t('contactLists.import.help')}
      accept={LIST_SHEET_ACCEPT}
      pick={{ label: t('contactLists.import.pick'), primary: true }}
      extra={
        <Button icon={<DownloadOutlined />} onClick={() => void example.download()} loading={example.busy} data-testid="cl-import-example">
          {t('contactLists.example')}
        </Button>
      }
      closeText={t('contactLists.import.close')}
      busy={busy}
      progress={{ percent, text: phase.kind === 'processing' ? t('contactLists.import.processing', { done: phase.done, total: phase.total }) : t('contactLists.import.sending') }}
      report={
        phase.kind === 'done'
          ? {
              summary: t('contactLists.import.summary', { created: phase.report.created, updated: phase.report.updated, refused: phase.report.refused.length, total: phase.report.total }),
              refused: phase.report.refused.length > 0,
              table: (
                <ImportRefusedTable
                  rows={phase.report.refused}
                  rowTestId="cl-import-refused"
                  titles={{ row: t('contactLists.import.row'), name: t('contactLists.items.name'), number: t('contactLists.items.number'), reason: t('contactLists.import.reason') }}
                  reasonText={(reason) => t(`contactLists.import.reasons.${reason}`)}
                />
              ),
            }
          : null
      }
      onFile={(file) => void start(file)}
      onClose={close}
    />
  );
};
