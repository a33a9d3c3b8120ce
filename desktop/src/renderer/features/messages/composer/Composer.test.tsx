// @vitest-environment happy-dom
import '../../../test/dom';
import '../../../app/i18n/i18n';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuickMessageDto, SessionUserDto, TicketDto } from '@balcao/shared';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { bindToastApi } from '../../../lib/toast';
import { makeMessage, makeTicket } from '../../../test/fixtures';
import { useConversation } from '../messages.store';
import { Composer } from './Composer';
import { startRecording } from './recorder';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  http: { get: vi.fn(), post: vi.fn(), postForm: vi.fn(), put: vi.fn(), delete: vi.fn(), getBlob: vi.fn() },
}));
// The microphone and the encoder have their own test (mp3.test.ts); here only what the composer does with the bytes.
vi.mock('./recorder', () => ({ startRecording: vi.fn() }));
configure({ asyncUtilTimeout: 8000 });

const api = vi.mocked(http);
const toasts = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
const ticket = makeTicket({ id: 42, status: 'open', userId: 1, contact: { id: 10, name: 'Maria Souza', number: '5511999990000', profilePicUrl: '' } });

const quick = (over: Partial<QuickMessageDto>): QuickMessageDto => ({
  id: 1, shortcode: 'oi', message: 'Olá', geral: false, status: true, isMedia: false, mediaPath: null, mediaName: null,
  userId: 1, companyId: 1, createdAt: '', updatedAt: '', ...over,
});

const show = (t: TicketDto = ticket) => {
  useConversation.setState({ ticket: t, messages: [], replyTo: null });
  return render(
    <div data-testid="conversation-area">
      <Composer ticket={t} />
    </div>,
  );
};
const input = () => screen.getByTestId('message-input') as HTMLTextAreaElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const enter = (shiftKey = false) => fireEvent.keyDown(input(), { key: 'Enter', shiftKey });
/** The FormData of the n-th multipart call, as plain values. */
const formOf = (call = 0) => {
  const [path, form] = api.postForm.mock.calls[call]!;
  const f = form as FormData;
  return {
    path,
    medias: f.getAll('medias').map((v) => ({ name: (v as File).name, type: (v as File).type })),
    body: f.get('body'),
    fromMe: f.get('fromMe'),
    read: f.get('read'),
    quotedMsg: f.get('quotedMsg'),
    voice: f.get('voice'),
  };
};

beforeEach(() => {
  localStorage.clear();
  bindToastApi(toasts);
  useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile: 'user', super: false, companyId: 1, name: 'Ana' } as SessionUserDto });
  api.post.mockImplementation((_path, json) => Promise.resolve(makeMessage({ id: 900, ticketId: 42, fromMe: true, body: (json as { body: string }).body })));
  api.postForm.mockResolvedValue([makeMessage({ id: 901, ticketId: 42, fromMe: true, mediaType: 'image' })]);
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:thumb'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  bindToastApi(null);
});

describe('Composer: text', { timeout: 60_000 }, () => {
  it('Enter sends, signed with the agent’s name; Shift+Enter only breaks the line', async () => {
    show();
    type('Olá\ntudo bem?');
    enter(true);
    expect(api.post).not.toHaveBeenCalled();
    enter();
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/messages/42', { body: '*Ana:*\nOlá\ntudo bem?', read: true, fromMe: true, clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(input().value).toBe('');
    // The answer lands in the conversation at once (the socket echo merges with it).
    await waitFor(() => expect(useConversation.getState().messages.map((m) => m.id)).toEqual([900]));
  });

  it('a second click while the first send is still in flight sends too, in order', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.post.mockImplementationOnce(async (_path, json) => {
      await held;
      return makeMessage({ id: 900, ticketId: 42, fromMe: true, body: (json as { body: string }).body });
    });
    show();
    fireEvent.click(screen.getByTestId('sign-toggle'));
    type('Primeira');
    fireEvent.click(screen.getByTestId('send-button'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    type('Segunda');
    expect(screen.getByTestId('send-button').getAttribute('aria-busy')).toBe('true');
    fireEvent.click(screen.getByTestId('send-button'));
    expect(input().value).toBe('');
    release();
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(2));
    expect(api.post.mock.calls.map(([, json]) => (json as { body: string }).body)).toEqual(['Primeira', 'Segunda']);
  });

  it('ignores a blank or whitespace-only message', () => {
    show();
    type('   \n  ');
    enter();
    expect(api.post).not.toHaveBeenCalled();
    expect(screen.queryByTestId('send-button')).toBeNull(); // the mic takes its place
  });

  it('the sign switch off sends the text as typed, and is remembered as signOption', async () => {
    show();
    fireEvent.click(screen.getByTestId('sign-toggle'));
    expect(localStorage.getItem('signOption')).toBe('false');
    type('Sem assinatura');
    enter();
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/messages/42', { body: 'Sem assinatura', read: true, fromMe: true, clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) }));
    cleanup();
    show();
    expect(screen.getByTestId('sign-toggle').getAttribute('aria-checked')).toBe('false');
  });

  it('a failed send gives the text back and says why', async () => {
    api.post.mockRejectedValueOnce(new Error('offline'));
    show();
    type('Volto já');
    enter();
    await waitFor(() => expect(input().value).toBe('Volto já'));
    expect(toasts.error).toHaveBeenCalled();
  });

  it('replies quoting the chosen message, then forgets it; the cross cancels', async () => {
    show();
    act(() => useConversation.getState().setReplyTo(makeMessage({ id: 55, body: 'Qual o prazo?' })));
    expect(screen.getByTestId('reply-preview').textContent).toContain('Respondendo a Maria Souza');
    expect(screen.getByTestId('reply-preview').textContent).toContain('Qual o prazo?');
    type('Amanhã');
    enter();
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/messages/42', { body: '*Ana:*\nAmanhã', read: true, fromMe: true, quotedMsg: 55, clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) }));
    expect(useConversation.getState().replyTo).toBeNull();
    expect(screen.queryByTestId('reply-preview')).toBeNull();

    act(() => useConversation.getState().setReplyTo(makeMessage({ id: 56 })));
    fireEvent.click(screen.getByTestId('reply-cancel'));
    expect(useConversation.getState().replyTo).toBeNull();
  });

  it('inserts a picked emoji where the cursor is', async () => {
    show();
    type('Oi tudo bem');
    input().setSelectionRange(2, 2);
    fireEvent.click(screen.getByTestId('emoji-button'));
    const grid = await screen.findByTestId('emoji-grid');
    expect(grid.querySelectorAll('button').length).toBeGreaterThanOrEqual(70);
    fireEvent.click(screen.getByRole('button', { name: '😀' }));
    expect(input().value).toBe('Oi😀 tudo bem');
  });
});

describe('Composer: disabled unless the ticket is open and mine', { timeout: 60_000 }, () => {
  it.each([
    [makeTicket({ id: 42, status: 'pending', userId: null }), 'Aceite o ticket para responder'],
    [makeTicket({ id: 42, status: 'closed', userId: 1 }), 'Este atendimento está resolvido. Reabra para responder.'],
    [makeTicket({ id: 42, status: 'open', userId: 2 }), 'Este atendimento está com outro usuário.'],
  ])('shows the reason and accepts nothing (%#)', (t, reason) => {
    show(t);
    expect(input().disabled).toBe(true);
    expect(input().placeholder).toBe(reason);
    for (const id of ['attach-button', 'record-button', 'emoji-button']) expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.paste(input(), { clipboardData: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    expect(screen.queryByTestId('attachment-tray')).toBeNull();
  });

  it('an admin may answer another agent’s open ticket', () => {
    useSession.setState({ user: { id: 1, profile: 'admin', super: false, companyId: 1, name: 'Ana' } as SessionUserDto });
    useConversation.setState({ ticket, replyTo: null });
    render(<Composer ticket={makeTicket({ id: 42, status: 'open', userId: 2 })} />);
    expect(input().disabled).toBe(false);
  });
});

describe('Composer: quick replies', { timeout: 60_000 }, () => {
  const list = [
    quick({ id: 1, shortcode: 'bomdia', message: '{{ms}} {{firstName}}! Protocolo {{protocol}}.' }),
    quick({ id: 2, shortcode: 'horario', message: 'Nosso horário de atendimento é de segunda a sexta' }),
    quick({ id: 3, shortcode: 'pix', message: 'Chave PIX: 123' }),
    quick({ id: 4, shortcode: 'catalogo', message: 'Segue o catálogo, {{name}}', isMedia: true, mediaPath: 'abc-catalogo.pdf', mediaName: 'catalogo.pdf' }),
  ];
  beforeEach(() => api.get.mockResolvedValue(list));

  it('appear only after / and one more character, filtered, labels cut at 35', async () => {
    show();
    type('/');
    expect(screen.queryByTestId('quick-replies')).toBeNull();
    expect(api.get).not.toHaveBeenCalled();
    type('/o');
    await waitFor(() => expect(screen.getAllByTestId('quick-reply').length).toBe(3));
    expect(api.get).toHaveBeenCalledWith('/quick-messages/list');
    expect(screen.getAllByTestId('quick-reply').map((o) => o.textContent)).toEqual([
      'bomdia - {{ms}} {{firstName}}! Prot...',
      'horario - Nosso horário de atendime...',
      'catalogo - Segue o catálogo, {{name...',
    ]);
    type('/pix');
    await waitFor(() => expect(screen.getAllByTestId('quick-reply').map((o) => o.textContent)).toEqual(['pix - Chave PIX: 123']));
    type('/zzz');
    await waitFor(() => expect(screen.getByTestId('quick-replies').textContent).toBe('Nenhuma resposta rápida encontrada'));
  });

  it('arrows move, Enter picks and fills the variables, Escape closes', async () => {
    show();
    type('/o');
    await waitFor(() => expect(screen.getAllByTestId('quick-reply').length).toBe(3));
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' }); // wraps to the first
    fireEvent.keyDown(input(), { key: 'ArrowUp' }); // and back to the last
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(screen.getAllByTestId('quick-reply')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    enter();
    const greeting = new Date().getHours() < 12 ? 'Bom dia' : new Date().getHours() < 18 ? 'Boa tarde' : 'Boa noite';
    await waitFor(() => expect(input().value).toBe(`${greeting} Maria! Protocolo 42.`));
    expect(screen.queryByTestId('quick-replies')).toBeNull();
    expect(api.post).not.toHaveBeenCalled(); // picking fills; the agent still sends

    type('/ho');
    await waitFor(() => expect(screen.getByTestId('quick-replies')).toBeTruthy());
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByTestId('quick-replies')).toBeNull();
    expect(input().value).toBe('/ho');
  });

  it('a media quick reply brings its file with the message as caption, sent as multipart', async () => {
    api.getBlob.mockResolvedValue(new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    show();
    type('/cat');
    await waitFor(() => expect(screen.getAllByTestId('quick-reply').length).toBe(1));
    enter();
    await screen.findByTestId('attachment-tray');
    expect(api.getBlob).toHaveBeenCalledWith('/quick-messages/4/media', undefined);
    expect((screen.getByTestId('caption-input') as HTMLTextAreaElement).value).toBe('Segue o catálogo, Maria Souza');
    fireEvent.click(screen.getByTestId('attachments-send'));
    await waitFor(() => expect(api.postForm).toHaveBeenCalledTimes(1));
    expect(formOf()).toEqual({
      path: '/messages/42',
      medias: [{ name: 'catalogo.pdf', type: 'application/pdf' }],
      body: '*Ana:*\nSegue o catálogo, Maria Souza',
      fromMe: 'true',
      read: '1',
      quotedMsg: null,
      voice: null,
    });
  });
});

describe('Composer: attachments', { timeout: 60_000 }, () => {
  const png = () => new File([new Uint8Array(2048)], 'foto.png', { type: 'image/png' });
  const pdf = () => new File([new Uint8Array(3 * 1024 * 1024)], 'contrato.pdf', { type: 'application/pdf' });

  it('chosen files show a preview (thumbnail, or name and size), can be removed, and go as one multipart call with the caption', async () => {
    show();
    fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [png(), pdf(), new File(['x'], 'nota.txt', { type: 'text/plain' })] } });
    const tray = await screen.findByTestId('attachment-tray');
    expect(screen.getAllByTestId('attachment').length).toBe(3);
    expect(tray.querySelector('img')?.getAttribute('alt')).toBe('foto.png');
    expect(tray.textContent).toContain('contrato.pdf');
    expect(tray.textContent).toContain('3.0 MB');
    fireEvent.click(screen.getByRole('button', { name: 'Remover nota.txt' }));
    expect(screen.getAllByTestId('attachment').length).toBe(2);

    act(() => useConversation.getState().setReplyTo(makeMessage({ id: 77 })));
    fireEvent.change(screen.getByTestId('caption-input'), { target: { value: 'Seguem os documentos' } });
    fireEvent.keyDown(screen.getByTestId('caption-input'), { key: 'Enter' });
    await waitFor(() => expect(api.postForm).toHaveBeenCalledTimes(1));
    expect(formOf()).toEqual({
      path: '/messages/42',
      medias: [
        { name: 'foto.png', type: 'image/png' }, // a PNG keeps its transparency: not re-encoded
        { name: 'contrato.pdf', type: 'application/pdf' },
      ],
      body: '*Ana:*\nSeguem os documentos',
      fromMe: 'true',
      read: '1',
      quotedMsg: '77',
      voice: null,
    });
    await waitFor(() => expect(screen.queryByTestId('attachment-tray')).toBeNull());
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:thumb');
    expect(useConversation.getState().messages.map((m) => m.id)).toEqual([901]);
  });

  it('a failed upload keeps the files and the caption', async () => {
    api.postForm.mockRejectedValueOnce(new Error('too big'));
    show();
    fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [pdf()] } });
    await screen.findByTestId('attachment-tray');
    fireEvent.click(screen.getByTestId('attachments-send'));
    await waitFor(() => expect(toasts.error).toHaveBeenCalled());
    expect(screen.getAllByTestId('attachment').length).toBe(1);
  });

  it('pasted images join the tray, and what was typed becomes the caption', async () => {
    show();
    type('olha isso');
    fireEvent.paste(input(), { clipboardData: { files: [png()] } });
    await screen.findByTestId('attachment-tray');
    expect((screen.getByTestId('caption-input') as HTMLTextAreaElement).value).toBe('olha isso');
    fireEvent.click(screen.getByTestId('attachments-discard'));
    expect(screen.queryByTestId('attachment-tray')).toBeNull();
    expect(api.postForm).not.toHaveBeenCalled();
  });

  it('files dropped anywhere on the conversation are attached', async () => {
    show();
    const area = screen.getByTestId('conversation-area');
    fireEvent.dragEnter(area, { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.getByTestId('drop-zone').textContent).toBe('Solte os arquivos aqui para anexar');
    fireEvent.drop(area, { dataTransfer: { types: ['Files'], files: [pdf(), png()] } });
    await waitFor(() => expect(screen.getAllByTestId('attachment').length).toBe(2));
    expect(screen.queryByTestId('drop-zone')).toBeNull();
  });
});

describe('Composer: voice notes', { timeout: 60_000 }, () => {
  const recordingOf = (bytes: number) => ({ stop: vi.fn(() => new Uint8Array(bytes)), cancel: vi.fn() });

  it('a recording under 10 000 bytes is discarded with a message', async () => {
    const rec = recordingOf(9_999);
    vi.mocked(startRecording).mockResolvedValue(rec);
    show();
    fireEvent.click(screen.getByTestId('record-button'));
    await screen.findByTestId('recorder');
    expect(screen.getByTestId('recorder-time').textContent).toBe('0:00');
    fireEvent.click(screen.getByTestId('recorder-send'));
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledWith('Áudio muito curto: não foi enviado.', 2));
    expect(api.postForm).not.toHaveBeenCalled();
    expect(screen.queryByTestId('recorder')).toBeNull();
  });

  it('a long enough recording goes as an mp3 voice note', async () => {
    vi.mocked(startRecording).mockResolvedValue(recordingOf(10_000));
    show();
    fireEvent.click(screen.getByTestId('record-button'));
    fireEvent.click(await screen.findByTestId('recorder-send'));
    await waitFor(() => expect(api.postForm).toHaveBeenCalledTimes(1));
    const sent = formOf();
    expect(sent).toMatchObject({ path: '/messages/42', body: '', fromMe: 'true', read: '1', voice: 'true' });
    expect(sent.medias).toEqual([{ name: expect.stringMatching(/^audio-\d+\.mp3$/) as string, type: 'audio/mpeg' }]);
  });

  it('cancel throws the recording away; a refused microphone says so', async () => {
    const rec = recordingOf(50_000);
    vi.mocked(startRecording).mockResolvedValueOnce(rec).mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    show();
    fireEvent.click(screen.getByTestId('record-button'));
    fireEvent.click(await screen.findByTestId('recorder-cancel'));
    expect(rec.cancel).toHaveBeenCalled();
    expect(rec.stop).not.toHaveBeenCalled();
    expect(screen.queryByTestId('recorder')).toBeNull();
    fireEvent.click(screen.getByTestId('record-button'));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Não foi possível usar o microfone.', 2));
    expect(api.postForm).not.toHaveBeenCalled();
  });
});
