// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SandboxOutboxItem, SandboxSentItem, SessionUserDto } from '@balcao/shared';
import { useSession } from '../../lib/session';
import { makeConnection } from '../connections/connections.fixtures';
import { simulatorApi } from './simulator.api';
import { SimulatorPage } from './SimulatorPage';

vi.mock('./simulator.api', () => ({
  simulatorApi: { sandboxConnections: vi.fn(), inbound: vi.fn(), outbox: vi.fn(), sent: vi.fn(), presence: vi.fn() },
}));
const api = vi.mocked(simulatorApi);
configure({ asyncUtilTimeout: 8000 });

// The PNG signature: 8 known bytes, so the expected base64 is known too.
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_BASE64 = 'iVBORw0KGgo=';

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile: 'admin', companyId: 1 } as SessionUserDto });
  api.sandboxConnections.mockResolvedValue([makeConnection({ id: 7, name: 'Sandbox' })]);
  api.outbox.mockResolvedValue([]);
  api.sent.mockResolvedValue([]);
  api.presence.mockResolvedValue({ ok: true });
  api.inbound.mockResolvedValue({ id: 'SIM-1' });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const renderPage = async () => {
  render(
    <MemoryRouter>
      <SimulatorPage />
    </MemoryRouter>,
  );
  await waitFor(() => expect(api.sandboxConnections).toHaveBeenCalled());
  fireEvent.change(screen.getByTestId('sim-number'), { target: { value: '5511988887777' } });
  fireEvent.change(screen.getByTestId('sim-name'), { target: { value: 'Ana' } });
  await waitFor(() => expect(screen.getByTestId('sim-input').hasAttribute('disabled')).toBe(false));
};

const choose = (file: File) => fireEvent.change(screen.getByTestId('sim-file'), { target: { files: [file] } });

describe('SimulatorPage composer', { timeout: 60_000 }, () => {
  it('sends text as before', async () => {
    await renderPage();
    fireEvent.change(screen.getByTestId('sim-input'), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByTestId('sim-send'));
    await waitFor(() => expect(api.inbound).toHaveBeenCalledWith(7, { from: '5511988887777', name: 'Ana', body: 'Oi' }));
  });

  it('sends a chosen PNG as an image, the typed text as its caption, and shows it as sent', async () => {
    await renderPage();
    fireEvent.change(screen.getByTestId('sim-input'), { target: { value: 'Meu comprovante' } });
    choose(new File([PNG_BYTES], 'comprovante.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(api.inbound).toHaveBeenCalledWith(7, {
        from: '5511988887777',
        name: 'Ana',
        kind: 'image',
        body: 'Meu comprovante',
        media: { data: PNG_BASE64, mimetype: 'image/png', fileName: 'comprovante.png' },
      }),
    );
    const bubble = await screen.findByTestId('sim-sent');
    expect(bubble.getAttribute('data-kind')).toBe('image');
    expect(bubble.textContent).toContain('[imagem]');
    expect(bubble.textContent).toContain('comprovante.png · 8 B');
    expect(bubble.textContent).toContain('Meu comprovante');
    await waitFor(() => expect((screen.getByTestId('sim-input') as HTMLTextAreaElement).value).toBe(''));
  });

  it('sends other files as documents', async () => {
    await renderPage();
    choose(new File(['%PDF'], 'boleto.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(api.inbound).toHaveBeenCalledTimes(1));
    expect(api.inbound.mock.calls[0]![1]).toMatchObject({ kind: 'document', media: { data: 'JVBERg==', mimetype: 'application/pdf', fileName: 'boleto.pdf' } });
    expect(api.inbound.mock.calls[0]![1]).not.toHaveProperty('body');
  });

  it('refuses a file over the limit with a message and sends nothing', async () => {
    await renderPage();
    choose(new File([new Uint8Array(800 * 1024)], 'video.mp4', { type: 'video/mp4' }));
    const alert = await screen.findByTestId('sim-file-error');
    expect(alert.textContent).toContain('O arquivo "video.mp4" tem 800 KB; o simulador envia arquivos de até 700 KB.');
    // Give a wrongly started read the time to finish before asserting nothing went out.
    await new Promise((r) => setTimeout(r, 50));
    expect(api.inbound).not.toHaveBeenCalled();
    expect(screen.queryByTestId('sim-sent')).toBeNull();
  });

  it('sends a location, pre-filled with a sample place', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('sim-location'));
    const send = await screen.findByTestId('sim-location-send');
    fireEvent.click(send);
    await waitFor(() =>
      expect(api.inbound).toHaveBeenCalledWith(7, { from: '5511988887777', name: 'Ana', kind: 'location', latitude: -15.7939, longitude: -47.8828, body: 'Loja Centro' }),
    );
    const bubble = await screen.findByTestId('sim-sent');
    expect(bubble.querySelector('a')?.getAttribute('href')).toBe('https://www.google.com/maps?q=-15.7939,-47.8828');
  });

  it('sends the location as edited', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('sim-location'));
    await screen.findByTestId('sim-location-send');
    fireEvent.change(screen.getByTestId('sim-latitude'), { target: { value: '-23.5505' } });
    fireEvent.change(screen.getByTestId('sim-location-description'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('sim-location-send'));
    await waitFor(() => expect(api.inbound).toHaveBeenCalledTimes(1));
    expect(api.inbound.mock.calls[0]![1]).toEqual({ from: '5511988887777', name: 'Ana', kind: 'location', latitude: -23.5505, longitude: -47.8828 });
  });

  it('sends a contact card with its name and digits', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('sim-contact'));
    const send = await screen.findByTestId('sim-contact-send');
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('sim-contact-name'), { target: { value: ' Bia Lima ' } });
    fireEvent.change(screen.getByTestId('sim-contact-number'), { target: { value: '+55 (11) 97777-6666' } });
    fireEvent.click(screen.getByTestId('sim-contact-send'));
    await waitFor(() =>
      expect(api.inbound).toHaveBeenCalledWith(7, { from: '5511988887777', name: 'Ana', kind: 'contact', contact: { name: 'Bia Lima', number: '5511977776666' } }),
    );
    expect((await screen.findByTestId('sim-contact-card')).textContent).toContain('Bia Lima · 5511977776666');
  });
});

const sentItem = (over: Partial<SandboxSentItem>): SandboxSentItem => ({
  id: 'SBX1', createdAt: '2026-01-01T10:00:00.000Z', kind: 'text', body: '', media: null, reaction: '', isEdited: false, isDeleted: false, ...over,
});
const outboxItem = (over: Partial<SandboxOutboxItem>): SandboxOutboxItem => ({
  id: 'W1', to: '5511988887777', body: '', ack: 3, createdAt: '2026-01-01T10:01:00.000Z', kind: 'text', media: null, quotedId: null,
  isForwarded: false, isEdited: false, isDeleted: false, reaction: '', ...over,
});

describe('SimulatorPage chat', { timeout: 60_000 }, () => {
  it('comes back to the phone last played after a reload, and loads its chat', async () => {
    await renderPage();
    cleanup();
    api.sent.mockClear();
    render(
      <MemoryRouter>
        <SimulatorPage />
      </MemoryRouter>,
    );
    expect((screen.getByTestId('sim-number') as HTMLInputElement).value).toBe('5511988887777');
    expect((screen.getByTestId('sim-name') as HTMLInputElement).value).toBe('Ana');
    await waitFor(() => expect(api.sent).toHaveBeenCalledWith(7, '5511988887777', expect.anything()));
  });

  it("shows what the customer sent before (kept by the server), in order with what they received, with our reaction and the quote", async () => {
    api.sent.mockResolvedValue([
      sentItem({ id: 'SBX1', body: 'Oi, tudo bem?', reaction: '👍' }),
      sentItem({ id: 'SBX2', createdAt: '2026-01-01T10:02:00.000Z', kind: 'image', body: 'foto', media: { mimetype: 'image/png', fileName: 'foto.png', size: 2048 } }),
    ]);
    api.outbox.mockResolvedValue([outboxItem({ id: 'W1', body: 'Tudo ótimo!', quotedId: 'SBX1' })]);
    await renderPage();
    await waitFor(() => expect(screen.getAllByTestId(/^sim-(sent|received)$/)).toHaveLength(3));
    const bubbles = screen.getAllByTestId(/^sim-(sent|received)$/);
    expect(bubbles.map((b) => [b.getAttribute('data-testid'), b.getAttribute('data-message-id')])).toEqual([
      ['sim-sent', 'SBX1'],
      ['sim-received', 'W1'],
      ['sim-sent', 'SBX2'],
    ]);
    expect(bubbles[0]!.querySelector('[data-testid="sim-reaction"]')?.textContent).toBe('👍');
    expect(bubbles[1]!.querySelector('[data-testid="sim-quoted"]')?.textContent).toContain('Oi, tudo bem?');
    expect(bubbles[2]!.getAttribute('data-kind')).toBe('image');
    expect(bubbles[2]!.textContent).toContain('foto.png · 2 KB');
    expect(api.sent).toHaveBeenCalledWith(7, '5511988887777', expect.anything());
  });

  it('shows a just-sent message once: the server copy replaces it', async () => {
    await renderPage();
    fireEvent.change(screen.getByTestId('sim-input'), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByTestId('sim-send'));
    await screen.findByTestId('sim-sent');
    api.sent.mockResolvedValue([sentItem({ id: 'SIM-1', body: 'Oi', reaction: '❤️' })]);
    await waitFor(() => expect(screen.getByTestId('sim-reaction').textContent).toBe('❤️'));
    expect(screen.getAllByTestId('sim-sent')).toHaveLength(1);
  });

  it('tells the company the customer is typing, and that they stopped when the message goes', async () => {
    await renderPage();
    fireEvent.change(screen.getByTestId('sim-input'), { target: { value: 'O' } });
    await waitFor(() => expect(api.presence).toHaveBeenCalledWith(7, { from: '5511988887777', presence: 'composing' }));
    fireEvent.change(screen.getByTestId('sim-input'), { target: { value: 'Oi' } });
    fireEvent.click(screen.getByTestId('sim-send'));
    await waitFor(() => expect(api.presence).toHaveBeenLastCalledWith(7, { from: '5511988887777', presence: 'paused' }));
    expect(api.presence).toHaveBeenCalledTimes(2);
  });

  it('records a voice note: "recording" while it lasts, then sends it as a voice note', async () => {
    const stopTrack = vi.fn();
    class FakeRecorder {
      state = 'inactive';
      mimeType = 'audio/webm;codecs=opus';
      ondataavailable: ((e: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob([new Uint8Array([1, 2, 3])], { type: this.mimeType }) });
        this.onstop?.();
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] }) } });
    try {
      await renderPage();
      fireEvent.click(screen.getByTestId('sim-record'));
      await screen.findByTestId('sim-recording');
      expect(api.presence).toHaveBeenCalledWith(7, { from: '5511988887777', presence: 'recording' });
      fireEvent.click(screen.getByTestId('sim-record-send'));
      await waitFor(() =>
        expect(api.inbound).toHaveBeenCalledWith(7, { from: '5511988887777', name: 'Ana', kind: 'ptt', media: { data: 'AQID', mimetype: 'audio/webm;codecs=opus' } }),
      );
      expect(api.presence).toHaveBeenLastCalledWith(7, { from: '5511988887777', presence: 'paused' });
      expect(stopTrack).toHaveBeenCalled();
      expect((await screen.findByTestId('sim-sent')).getAttribute('data-kind')).toBe('ptt');
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });

  it('says so when there is no microphone, and stops "recording"', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn().mockRejectedValue(new Error('Permission denied')) } });
    try {
      await renderPage();
      fireEvent.click(screen.getByTestId('sim-record'));
      expect((await screen.findByTestId('sim-file-error')).textContent).toContain('Não foi possível usar o microfone: Permission denied');
      expect(api.presence.mock.calls.map((c) => c[1].presence)).toEqual(['recording', 'paused']);
      expect(api.inbound).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });
});
