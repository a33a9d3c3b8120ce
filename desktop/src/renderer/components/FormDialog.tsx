import { useCallback, useState, type ReactNode } from 'react';
import { Form, Modal, Spin, type ButtonProps, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDuplicateRecord } from '../lib/errors';
import { toastError } from '../lib/reportError';
import { toast } from '../lib/toast';

export interface FormSaveOptions<V> {
  /** The dialog's form: a duplicate's text lands on its field. */
  form: FormInstance<V>;
  onClose: () => void;
  /** The spec's success toast ('Tag salva com sucesso!'…); none when the screen says it otherwise. */
  success?: string;
  /** A duplicate record (409 ERR_DUPLICATED_RECORD) is this field's error, not a toast. */
  duplicate?: { field: string; text: string };
  /** Other refusals that belong on a field (a taken number naming its contact); undefined: a toast. */
  fieldError?: (err: unknown) => { field: string; text: string } | undefined;
  /** The toast of any other refusal, where the screen's spec words it (plans, helps); default: the error catalogue's. */
  errorText?: (err: unknown) => string;
  /** A refusal the dialog shows itself (the contact's open ticket and its holder): true, and there is no toast. */
  shown?: (err: unknown) => boolean;
}

/**
 * The one way a dialog saves (issue 27 §5): `run(work)` shows the save button's spinner while the
 * work runs, then the success toast and closes; a duplicate record puts its text on the field,
 * any other refusal is the error catalogue's toast and the dialog stays open with what was typed.
 * `dialog` is what a `FormDialog` takes of it (`<FormDialog {...dialog} …>`).
 */
export const useFormSave = <V,>(opts: FormSaveOptions<V>) => {
  const [saving, setSaving] = useState(false);
  const run = async (work: () => Promise<unknown>): Promise<void> => {
    setSaving(true);
    try {
      await work();
      if (opts.success) toast.success(opts.success);
      opts.onClose();
    } catch (err) {
      const onField = opts.fieldError?.(err) ?? (opts.duplicate && isDuplicateRecord(err) ? opts.duplicate : undefined);
      // The field is named by the caller's text (its form's values are typed, the name is not).
      if (onField) (opts.form as FormInstance).setFields([{ name: onField.field, errors: [onField.text] }]);
      else if (opts.shown?.(err)) return;
      else if (opts.errorText) toast.error(opts.errorText(err));
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };
  return { saving, run, dialog: { form: opts.form, onClose: opts.onClose, saving } };
};

interface FormDialogProps<V> {
  open: boolean;
  title: string;
  okText: string;
  onClose: () => void;
  form: FormInstance<V>;
  onFinish: (values: V) => Promise<void>;
  saving: boolean;
  /** `data-testid` of the save button and of the form. */
  testIds: { save: string; form: string };
  width?: number;
  /** Render the form while hidden (its fields can be set before the dialog opens). */
  forceRender?: boolean;
  /** The record is still loading: the form spins, its fields are disabled (nothing typed is then overwritten) and it cannot be saved yet. */
  loading?: boolean;
  /** The form's values before anything is set (antd `initialValues`; `resetFields` returns to them). */
  initialValues?: Partial<V>;
  /** Whether required fields' labels carry antd's mark (default: they do). */
  requiredMark?: boolean;
  /** False while a part of the form must be finished first (the new ticket's new contact): the save button is disabled. */
  canSave?: boolean;
  children: ReactNode;
}

/**
 * The one form dialog (issue 27 §5): an antd Modal around a vertical Form. OK submits the form (its
 * rules run first), Enter in a field submits too, Cancel and Escape close; the form is dropped
 * when closed.
 */
export const FormDialog = <V,>({ open, title, okText, onClose, form, onFinish, saving, testIds, width = 440, forceRender = false, loading, initialValues, requiredMark, canSave = true, children }: FormDialogProps<V>) => {
  const { t } = useTranslation();
  const body = (
    <Form<V> form={form} layout="vertical" onFinish={(v) => void onFinish(v)} data-testid={testIds.form} initialValues={initialValues} requiredMark={requiredMark} disabled={loading === true}>
      {children}
      <button type="submit" style={{ display: 'none' }} aria-hidden tabIndex={-1} />
    </Form>
  );
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: saving, disabled: loading === true || !canSave, 'data-testid': testIds.save } as ButtonProps}
      destroyOnHidden
      forceRender={forceRender}
      width={width}
    >
      {loading === undefined ? body : <Spin spinning={loading}>{body}</Spin>}
    </Modal>
  );
};

/** What a page hands its add/edit dialog: `useEditDialog`'s state, and what to do with each record saved. */
export interface EditDialogProps<T> {
  open: boolean;
  /** Edit mode when given, add mode otherwise. */
  record: T | null;
  onClose: () => void;
  /** Each record the dialog saved (created, changed, a file attached or removed). */
  onSaved: (record: T) => void;
}

/** A page's add/edit dialog: closed, open for a new record (`add()`) or open on one (`edit(r)`). */
export const useEditDialog = <T,>() => {
  const [state, setState] = useState<{ open: boolean; record: T | null }>({ open: false, record: null });
  const add = useCallback(() => setState({ open: true, record: null }), []);
  const edit = useCallback((record: T) => setState({ open: true, record }), []);
  const close = useCallback(() => setState({ open: false, record: null }), []);
  return { open: state.open, record: state.record, add, edit, close };
};
