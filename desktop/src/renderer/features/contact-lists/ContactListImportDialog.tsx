import { useEffect } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ContactListUploadResponse } from '@balcao/shared';
import { ImportDialog, useImportPhase } from '../../components/ImportDialog';
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

/** Import a sheet into a list: the upload's progress, the server's rows as they go in, then what was refused and why. */
export const ContactListImportDialog = ({ open, contactListId, onClose, onImported }: Props) => {
  const { t } = useTranslation();
  const { phase, setPhase, start, busy, reset } = useImportPhase<ContactListUploadResponse>((report) => report.created > 0 || report.updated > 0, onImported);
  const example = useExampleSheet();

  // The server's progress after each batch (decision 0221), only while this dialog waits for it.
  useEffect(
    () =>
      listenLive('contactList', (p) => {
        if (p.action !== 'import' || p.progress.contactListId !== contactListId) return;
        setPhase((cur) => (cur.kind === 'sending' || cur.kind === 'processing' ? { kind: 'processing', done: p.progress.done, total: p.progress.total } : cur));
      }),
    [contactListId],
  );

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
          ? { summary: t('contactLists.import.summary', { created: phase.report.created, updated: phase.report.updated, refused: phase.report.refused.length, total: phase.report.total }), refused: phase.report.refused }
          : null
      }
      refusedTable={{
        rowTestId: 'cl-import-refused',
        titles: { row: t('contactLists.import.row'), name: t('contactLists.items.name'), number: t('contactLists.items.number'), reason: t('contactLists.import.reason') },
        reasonText: (reason) => t(`contactLists.import.reasons.${reason}`),
      }}
      onFile={(file) => void start((onPercent) => contactListsApi.upload(contactListId, file, onPercent))}
      onClose={() => {
        reset();
        onClose();
      }}
    />
  );
};
