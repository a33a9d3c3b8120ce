// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WhatsappSessionPayload } from '@balcao/shared';
import { connectionsApi } from './connections.api';
import { makeConnection } from './connections.fixtures';
import { useConnections } from './connections.store';
import { QrDialog } from './QrDialog';

vi.mock('./connections.api', () => ({ connectionsApi: { startSession: vi.fn() } }));
const api = vi.mocked(connectionsApi);
configure({ asyncUtilTimeout: 8000 });

let clock = Date.parse('2026-01-05T12:00:00Z');
const session = (status: WhatsappSessionPayload['status'], over: Partial<WhatsappSessionPayload> = {}) =>
  act(() => useConnections.getState().session({ id: 3, name: 'Loja', status, qrcode: '', pairingCode: '', retries: 0, updatedAt: new Date((clock += 1000)).toISOString(), ...over }));

beforeEach(() => {
  useConnections.setState({ list: [makeConnection({ id: 3, name: 'Loja', status: 'qrcode', qrcode: 'QR-LIVE-1', updatedAt: new Date(clock).toISOString() })] });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('QrDialog', { timeout: 60_000 }, () => {
  it('pairs with a phone number: validates it, asks for a code, waits, shows XXXX-XXXX, closes once CONNECTED', async () => {
    const onClose = vi.fn();
    api.startSession.mockImplementation(async () => makeConnection({ id: 3, name: 'Loja', status: 'OPENING', qrcode: '', updatedAt: new Date((clock += 1000)).toISOString() }));
    render(<QrDialog whatsappId={3} onClose={onClose} />);
    expect(screen.getByTestId('qr-text').textContent).toBe('QR-LIVE-1');

    fireEvent.click(screen.getByText('Conectar com número de telefone'));
    fireEvent.change(screen.getByTestId('pairing-phone'), { target: { value: '61 9888' } });
    fireEvent.click(screen.getByTestId('pairing-submit'));
    await screen.findByText('Informe o número com DDI e DDD: de 10 a 15 dígitos');
    expect(api.startSession).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('pairing-phone'), { target: { value: '+55 (61) 98888-7777' } });
    fireEvent.click(screen.getByTestId('pairing-submit'));
    await waitFor(() => expect(api.startSession).toHaveBeenCalledWith(3, { phoneNumber: '5561988887777' }));
    // OPENING: no QR and no code yet, but the code is on its way: the dialog stays.
    await screen.findByText('Gerando o código…');
    expect(onClose).not.toHaveBeenCalled();

    session('PAIRING', { pairingCode: 'K7QM2XPA' });
    expect((await screen.findByTestId('pairing-code')).textContent).toContain('K7QM-2XPA');
    expect(screen.queryByTestId('qr-text')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    session('CONNECTED');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes when the pairing expires (DISCONNECTED), and when the QR empties without a pairing asked for', async () => {
    const onClose = vi.fn();
    render(<QrDialog whatsappId={3} onClose={onClose} />);
    session('qrcode', { qrcode: 'QR-LIVE-2' });
    expect(screen.getByTestId('qr-text').textContent).toBe('QR-LIVE-2');
    expect(onClose).not.toHaveBeenCalled();
    session('PAIRING', { pairingCode: 'ABCD1234' });
    expect((await screen.findByTestId('pairing-code')).textContent).toContain('ABCD-1234');
    session('DISCONNECTED');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('goes back to the form when asking for a code fails', async () => {
    const onClose = vi.fn();
    api.startSession.mockRejectedValue(new Error('ERR_VALIDATION'));
    render(<QrDialog whatsappId={3} onClose={onClose} />);
    fireEvent.click(screen.getByTestId('qr-use-phone'));
    fireEvent.change(screen.getByTestId('pairing-phone'), { target: { value: '5561988887777' } });
    fireEvent.click(screen.getByTestId('pairing-submit'));
    await waitFor(() => expect(api.startSession).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('pairing-submit')).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
  });
});
