// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { schedulesApi } from './schedules.api';
import { makeSchedule } from './schedules.fixtures';
import { ScheduleModal } from './ScheduleModal';

vi.mock('./schedules.api', () => ({
  schedulesApi: { create: vi.fn(), update: vi.fn(), upload: vi.fn(), removeMedia: vi.fn(), searchContacts: vi.fn(async () => ({ contacts: [], count: 0, hasMore: false })), contact: vi.fn() },
}));
const api = vi.mocked(schedulesApi);
configure({ asyncUtilTimeout: 8000 });
const onClose = vi.fn();
const onSaved = vi.fn();
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});
const body = () => screen.getByTestId('schedule-body') as HTMLTextAreaElement;

describe('ScheduleModal', { timeout: 60_000 }, () => {
  it("refuses a body under 5 characters with 'Mensagem muito curta' and saves nothing", async () => {
    render(<ScheduleModal open schedule={null} onClose={onClose} onSaved={onSaved} />);
    expect(screen.getByTestId('schedule-modal-title').textContent).toBe('Mensagem Pendente');
    fireEvent.change(body(), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByTestId('schedule-save'));
    expect(await screen.findByText('Mensagem muito curta')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('opens prefilled with ?contactId= (the contact named), the time an hour from now, and saves it', async () => {
    api.contact.mockResolvedValue({ id: 8, name: 'João Lima', number: '5511977776666' } as never);
    api.create.mockResolvedValue(makeSchedule({ id: 3 }));
    render(<ScheduleModal open schedule={null} contactId={8} onClose={onClose} onSaved={onSaved} />);
    expect(await screen.findByText('João Lima - 5511977776666')).toBeTruthy();
    const shown = (screen.getByTestId('schedule-send-at').querySelector('input') ?? screen.getByTestId('schedule-send-at')) as HTMLInputElement;
    expect(shown.value).toBe(dayjs().add(1, 'hour').format('DD/MM/YYYY HH:mm'));
    fireEvent.change(body(), { target: { value: 'Não esqueça da consulta' } });
    fireEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    const sent = api.create.mock.calls[0]![0];
    expect(sent).toMatchObject({ body: 'Não esqueça da consulta', contactId: 8 });
    expect(Math.abs(dayjs(sent.sendAt).diff(dayjs().add(1, 'hour'), 'minute'))).toBeLessThanOrEqual(1);
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 3 })));
  });

  it("titles an ERRO schedule 'Erro de Envio' with its reason; a sent one is 'Mensagem Enviada' without the save button", async () => {
    const { rerender } = render(<ScheduleModal open schedule={makeSchedule({ status: 'ERRO', error: 'A conexão Sandbox não está conectada', attempts: 3 })} onClose={onClose} onSaved={onSaved} />);
    expect(screen.getByTestId('schedule-modal-title').textContent).toBe('Erro de Envio');
    expect(screen.getByTestId('schedule-error').textContent).toContain('A conexão Sandbox não está conectada');
    expect(screen.getByTestId('schedule-save')).toBeTruthy();
    rerender(<ScheduleModal open schedule={makeSchedule({ status: 'ENVIADA', sentAt: new Date().toISOString(), late: true })} onClose={onClose} onSaved={onSaved} />);
    await waitFor(() => expect(screen.getByTestId('schedule-modal-title').textContent).toBe('Mensagem Enviada'));
    expect(screen.queryByTestId('schedule-save')).toBeNull();
    expect(screen.getByText('Atrasada')).toBeTruthy();
  });

  it('uploads a chosen picture after saving', async () => {
    api.update.mockResolvedValue(makeSchedule({ id: 1 }));
    api.upload.mockResolvedValue(makeSchedule({ id: 1, mediaPath: 'abc-foto.png', mediaName: 'foto.png' }));
    render(<ScheduleModal open schedule={makeSchedule({ id: 1 })} onClose={onClose} onSaved={onSaved} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.png,.jpg,.jpeg');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'foto.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId('schedule-media-name').textContent).toContain('foto.png'));
    fireEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(api.upload).toHaveBeenCalledWith(1, file));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ mediaName: 'foto.png' })));
  });
});
