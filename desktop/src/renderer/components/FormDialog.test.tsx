// @vitest-environment happy-dom
import '../test/dom';
import '../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/http';
import { toastError } from '../lib/reportError';
import { toast } from '../lib/toast';
import { FormDialog, useFormSave } from './FormDialog';

vi.mock('../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
vi.mock('../lib/reportError', () => ({ toastError: vi.fn() }));

configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const Harness = ({ save, onClose }: { save: (name: string) => Promise<unknown>; onClose: () => void }) => {
  const [form] = Form.useForm<{ name: string }>();
  const { saving, run } = useFormSave({ form, onClose, success: 'Salvo com sucesso!', duplicate: { field: 'name', text: 'Já existe' } });
  return (
    <FormDialog<{ name: string }> open title="Novo" okText="Salvar" onClose={onClose} form={form} onFinish={(v) => run(() => save(v.name))} saving={saving} testIds={{ save: 'x-save', form: 'x-form' }}>
      <Form.Item name="name" label="Nome" rules={[{ required: true, message: 'Obrigatório' }]}>
        <Input data-testid="x-name" />
      </Form.Item>
    </FormDialog>
  );
};

const type = (text: string) => fireEvent.change(screen.getByTestId('x-name'), { target: { value: text } });
const saveButton = () => screen.getByTestId('x-save');

describe('FormDialog + useFormSave (the one form pattern)', () => {
  it('runs the rules first: nothing is sent while a field is refused', async () => {
    const save = vi.fn(async () => undefined);
    render(<Harness save={save} onClose={vi.fn()} />);
    fireEvent.click(saveButton());
    expect(await screen.findByText('Obrigatório')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('shows the spinner while saving, then the success toast, then closes', async () => {
    let finish!: () => void;
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    render(<Harness save={save} onClose={onClose} />);
    type('Ana');
    fireEvent.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalledWith('Ana'));
    await waitFor(() => expect(saveButton().className).toContain('ant-btn-loading'));
    expect(onClose).not.toHaveBeenCalled();
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(toast.success).toHaveBeenCalledWith('Salvo com sucesso!');
  });

  it('puts a duplicate on its field and stays open; any other refusal is the catalogue toast', async () => {
    const onClose = vi.fn();
    const save = vi.fn().mockRejectedValueOnce(new ApiError(409, { error: 'ERR_DUPLICATED_RECORD' }, 'conflict')).mockRejectedValueOnce(new ApiError(500, { error: 'ERR_INTERNAL' }, 'boom'));
    render(<Harness save={save} onClose={onClose} />);
    type('Ana');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Já existe')).toBeTruthy();
    expect(toastError).not.toHaveBeenCalled();
    fireEvent.click(saveButton());
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect((screen.getByTestId('x-name') as HTMLInputElement).value).toBe('Ana');
  });
});
