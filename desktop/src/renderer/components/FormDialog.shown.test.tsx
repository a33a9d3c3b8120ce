// @vitest-environment happy-dom
import '../test/dom';
import '../app/i18n/i18n';
import { useState } from 'react';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { toastError } from '../lib/reportError';
import { FormDialog, useFormSave } from './FormDialog';

vi.mock('../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
vi.mock('../lib/reportError', () => ({ toastError: vi.fn() }));

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** A dialog that names a holder itself (ERR_OTHER_OPEN_TICKET) and may not save while `blocked`. */
const Harness = ({ save, onClose, blocked = false }: { save: () => Promise<unknown>; onClose: () => void; blocked?: boolean }) => {
  const [form] = Form.useForm<{ name: string }>();
  const [held, setHeld] = useState(false);
  const { run, dialog } = useFormSave({
    form,
    onClose,
    shown: (err) => {
      const mine = err instanceof ApiError && (err.body as { error?: string }).error === 'ERR_OTHER_OPEN_TICKET';
      if (mine) setHeld(true);
      return mine;
    },
  });
  return (
    <FormDialog<{ name: string }> {...dialog} open title="Novo" okText="Salvar" onFinish={() => run(save)} testIds={{ save: 'x-save', form: 'x-form' }} canSave={!blocked}>
      <Form.Item name="name" label="Nome">
        <Input data-testid="x-name" />
      </Form.Item>
      {held ? <div data-testid="x-held">held</div> : null}
    </FormDialog>
  );
};

describe('useFormSave: refusals the dialog shows; FormDialog: canSave', () => {
  it('shows its own refusal without a toast and stays open; another refusal is still the toast', async () => {
    const onClose = vi.fn();
    const save = vi.fn().mockRejectedValueOnce(new ApiError(409, { error: 'ERR_OTHER_OPEN_TICKET' }, 'held')).mockRejectedValueOnce(new ApiError(500, { error: 'ERR_INTERNAL' }, 'boom'));
    render(<Harness save={save} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('x-save'));
    expect(await screen.findByTestId('x-held')).toBeTruthy();
    expect(toastError).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('x-save'));
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('disables the save button while the form cannot be saved', () => {
    render(<Harness save={vi.fn()} onClose={vi.fn()} blocked />);
    expect(screen.getByTestId('x-save').hasAttribute('disabled')).toBe(true);
  });
});
