// @vitest-environment happy-dom
import '../test/dom';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttachmentField, useAttachment } from './AttachmentField';
import type { Attachment } from './AttachmentField';

afterEach(cleanup);

interface Rec {
  id: number;
  mediaPath: string;
  mediaName: string;
}
const labels = { attach: 'Anexar', replace: 'Trocar', remove: 'Remover', none: 'Sem anexo' };
let hook: Attachment | null = null;
const Harness = ({ savedName, accepts }: { savedName?: string; accepts?: (f: File) => boolean }) => {
  const attachment = useAttachment();
  hook = attachment;
  return <AttachmentField attachment={attachment} savedName={savedName} testIdPrefix="x" labels={labels} accepts={accepts} />;
};
const pick = (file: File) => fireEvent.change(screen.getByTestId('x-file'), { target: { files: [file] } });
const api = () => ({ upload: vi.fn(async (id: number, f: File) => ({ id, mediaPath: 'p', mediaName: f.name })), removeMedia: vi.fn(async (id: number) => ({ id, mediaPath: '', mediaName: '' })) });
const saved: Rec = { id: 7, mediaPath: 'old', mediaName: 'velho.pdf' };

describe('AttachmentField and useAttachment', () => {
  it('shows the saved name, a picked file over it, and uploads that file on apply', async () => {
    render(<Harness savedName="velho.pdf" />);
    expect(screen.getByTestId('x-attachment-name').textContent).toBe('velho.pdf');
    expect(screen.getByTestId('x-attach').textContent).toBe('Trocar');
    const file = new File(['x'], 'novo.png', { type: 'image/png' });
    pick(file);
    expect(screen.getByTestId('x-attachment-name').textContent).toBe('novo.png');
    const a = api();
    await expect(hook!.apply(saved, a)).resolves.toEqual({ id: 7, mediaPath: 'p', mediaName: 'novo.png' });
    expect(a.upload).toHaveBeenCalledWith(7, file);
    expect(a.removeMedia).not.toHaveBeenCalled();
  });

  it('removing a picked file brings the saved one back; removing the saved one removes it on apply', async () => {
    render(<Harness savedName="velho.pdf" />);
    pick(new File(['x'], 'novo.png'));
    fireEvent.click(screen.getByRole('button', { name: 'Remover' }));
    expect(screen.getByTestId('x-attachment-name').textContent).toBe('velho.pdf');
    fireEvent.click(screen.getByTestId('x-remove-attachment'));
    expect(screen.queryByTestId('x-attachment-name')).toBeNull();
    expect(screen.getByText('Sem anexo')).toBeTruthy();
    expect(screen.getByTestId('x-attach').textContent).toBe('Anexar');
    const a = api();
    await hook!.apply(saved, a);
    expect(a.removeMedia).toHaveBeenCalledWith(7);
    // A record with no file has nothing to remove.
    const b = api();
    await expect(hook!.apply({ ...saved, mediaPath: '' }, b)).resolves.toEqual({ ...saved, mediaPath: '' });
    expect(b.removeMedia).not.toHaveBeenCalled();
  });

  it('sends nothing when untouched, refuses what `accepts` refuses, and reset forgets the choice', async () => {
    const accepts = vi.fn((f: File) => f.name.endsWith('.png'));
    render(<Harness accepts={accepts} />);
    const a = api();
    await expect(hook!.apply(saved, a)).resolves.toBe(saved);
    expect(a.upload).not.toHaveBeenCalled();
    pick(new File(['x'], 'nota.txt'));
    expect(accepts).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('x-attachment-name')).toBeNull();
    pick(new File(['x'], 'foto.png'));
    expect(screen.getByTestId('x-attachment-name').textContent).toBe('foto.png');
    act(() => hook!.reset());
    expect(screen.queryByTestId('x-attachment-name')).toBeNull();
  });
});
