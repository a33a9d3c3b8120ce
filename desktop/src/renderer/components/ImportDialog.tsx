import { useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Modal, Progress, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { toastError } from '../lib/reportError';
import { ImportRefusedTable, type RefusedRow } from './ImportRefusedTable';

/** Where an import stands: nothing yet, the file going up, the server reading its rows, or its report. */
export type ImportPhase<R> = { kind: 'idle' } | { kind: 'sending'; percent: number } | { kind: 'processing'; done: number; total: number } | { kind: 'done'; report: R };

/**
 * An import's phases: `start(upload)` sends the file with its progress, then keeps the server's
 * report (`imported(report)`: rows went in, and `onImported` runs); a refusal is a toast and
 * the dialog is as before. `setPhase` moves on to 'processing' from the server's live progress.
 */
export const useImportPhase = <R,>(imported: (report: R) => boolean, onImported: () => void) => {
  const [phase, setPhase] = useState<ImportPhase<R>>({ kind: 'idle' });
  const start = async (upload: (onPercent: (percent: number) => void) => Promise<R>) => {
    setPhase({ kind: 'sending', percent: 0 });
    try {
      const report = await upload((percent) => setPhase((cur) => (cur.kind === 'sending' ? { kind: 'sending', percent } : cur)));
      setPhase({ kind: 'done', report });
      if (imported(report)) onImported();
    } catch (err) {
      setPhase({ kind: 'idle' });
      toastError(err);
    }
  };
  return { phase, setPhase, start, busy: phase.kind === 'sending' || phase.kind === 'processing', reset: () => setPhase({ kind: 'idle' }) };
};

interface ImportDialogProps<R extends string> {
  open: boolean;
  title: string;
  width: number;
  /**
   * The test-id prefix: `<p>-file` (the hidden input), `<p>-pick`, `<p>-progress`, `<p>-report`,
   * `<p>-close` (e.g. `contact-import`).
   */
  testId: string;
  help: string;
  /** What the file picker offers (e.g. `.xls,.xlsx`). */
  accept: string;
  pick: { label: string; primary?: boolean };
  /** Buttons beside the pick (the example sheet). */
  extra?: ReactNode;
  closeText: string;
  /** Sending or the server still reading: the pick spins and the dialog cannot close. */
  busy: boolean;
  /** While busy: the bar's percent and what is happening. */
  progress: { percent: number; text: string } | null;
  /** Once done: the summary (a warning when rows were refused) and the refused rows. */
  report: { summary: string; refused: RefusedRow<R>[] } | null;
  /** The refused rows' table: each row's test id, the columns' titles and a reason's text. */
  refusedTable: { rowTestId: string; titles: { row: string; name: string; number: string; reason: string }; reasonText: (reason: R) => string };
  onFile: (file: File) => void;
  /** Only when not busy. */
  onClose: () => void;
}

/** A sheet's import (contacts, a contact list's rows): pick a file, the upload's progress, then the report. */
export const ImportDialog = <R extends string>(p: ImportDialogProps<R>) => {
  const input = useRef<HTMLInputElement>(null);
  const close = () => {
    if (!p.busy) p.onClose();
  };
  const pick = (
    <Button type={p.pick.primary ? 'primary' : 'default'} icon={<UploadOutlined />} onClick={() => input.current?.click()} loading={p.busy} data-testid={`${p.testId}-pick`}>
      {p.pick.label}
    </Button>
  );
  return (
    <Modal
      open={p.open}
      title={p.title}
      onCancel={close}
      footer={
        <Button onClick={close} disabled={p.busy} data-testid={`${p.testId}-close`}>
          {p.closeText}
        </Button>
      }
      destroyOnHidden
      width={p.width}
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {p.help}
        </Typography.Paragraph>
        <input
          ref={input}
          type="file"
          accept={p.accept}
          hidden
          data-testid={`${p.testId}-file`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Cleared so that picking the same file again imports it again.
            e.target.value = '';
            if (file) p.onFile(file);
          }}
        />
        {p.extra ? (
          <Flex gap={8} wrap>
            {pick}
            {p.extra}
          </Flex>
        ) : (
          pick
        )}
        {p.busy && p.progress ? (
          <div data-testid={`${p.testId}-progress`}>
            <Progress percent={p.progress.percent} status="active" />
            <Typography.Text type="secondary">{p.progress.text}</Typography.Text>
          </div>
        ) : null}
        {p.report ? (
          <Flex vertical gap={8} data-testid={`${p.testId}-report`}>
            <Progress percent={100} />
            <Alert type={p.report.refused.length ? 'warning' : 'success'} showIcon title={p.report.summary} />
            {p.report.refused.length ? <ImportRefusedTable<R> rows={p.report.refused} {...p.refusedTable} /> : null}
          </Flex>
        ) : null}
      </Flex>
    </Modal>
  );
};
