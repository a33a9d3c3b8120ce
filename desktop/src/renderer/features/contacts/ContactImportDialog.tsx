import { useTranslation } from 'react-i18next';
import type { ContactUploadResponse } from '@balcao/shared';
import { ImportDialog, useImportPhase } from '../../components/ImportDialog';
import { contactsApi } from './contacts.api';

interface Props {
  open: boolean;
  onClose: () => void;
  /** After an import that created contacts (the page reloads its list). */
  onImported: () => void;
}

/** What the file picker offers (decision 0076). */
export const SHEET_ACCEPT = '.csv,.xls,.xlsx';

/** Import contacts from a spreadsheet: the upload's progress, then what was refused and why. */
export const ContactImportDialog = ({ open, onClose, onImported }: Props) => {
  const { t } = useTranslation();
  const { phase, start, busy, reset } = useImportPhase<ContactUploadResponse>((report) => report.created > 0, onImported);

  return (
    <ImportDialog
      open={open}
      title={t('contacts.importSheetTitle')}
      width={600}
      testId="contact-import"
      help={t('contacts.importSheetHelp')}
      accept={SHEET_ACCEPT}
      pick={{ label: t('contacts.importSheetPick') }}
      closeText={t('contacts.close')}
      busy={busy}
      // The bytes' progress; once sent, the server reads the rows (an active bar).
      progress={phase.kind === 'sending' ? { percent: phase.percent === 100 ? 99 : phase.percent, text: phase.percent === 100 ? t('contacts.importProcessing') : t('contacts.importSending') } : null}
      report={phase.kind === 'done' ? { summary: t('contacts.importSummary', { created: phase.report.created, total: phase.report.total, refused: phase.report.refused.length }), refused: phase.report.refused } : null}
      refusedTable={{
        rowTestId: 'contact-import-refused',
        titles: { row: t('contacts.importRow'), name: t('contacts.name'), number: t('contacts.number'), reason: t('contacts.importReason') },
        reasonText: (reason) => t(`contacts.reasons.${reason}`),
      }}
      onFile={(file) => void start((onPercent) => contactsApi.upload(file, onPercent))}
      onClose={() => {
        reset();
        onClose();
      }}
    />
  );
};
