// @vitest-environment jsdom
// jsdom, not happy-dom: these tests read blob: URLs and see them revoked, which happy-dom does not model (decision 0485).
import '../../test/dom';
import '../../app/i18n/i18n';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUserDto } from '@balcao/shared';
import { clearSession, setSession } from '../../lib/session';
import { makeMessage } from '../../test/fixtures';
import { MessageBubble } from './MessageBubble';
import { clearMediaCache } from './messages.media';

// The real fetch stays reachable: it reads blob: URLs, which shows whether one was revoked.
const realFetch = globalThis.fetch;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const user = { id: 1, companyId: 1, company: { id: 1, name: 'ACME', dueDate: null, settings: [] } } as unknown as SessionUserDto;

interface Seen {
  path: string;
  auth: string | null;
}

/** The server side of the test: answers per path, in order; a path with none left is a 404. */
const serve = (answers: Record<string, (() => Response)[]>) => {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const path = new URL(input.url).pathname;
    seen.push({ path, auth: input.headers.get('authorization') });
    const next = answers[path]?.shift();
    return next ? next() : Response.json({ error: 'ERR_NO_MESSAGE_FOUND' }, { status: 404 });
  });
  return seen;
};
const file = (bytes: Uint8Array<ArrayBuffer>, type: string) => () => new Response(bytes, { status: 200, headers: { 'content-type': type } });

const blobBytes = async (url: string) => new Uint8Array(await (await realFetch(url)).arrayBuffer());
const isRevoked = (url: string) => realFetch(url).then(() => false, () => true);

describe('message media', () => {
  beforeEach(() => setSession('tok-1', user));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearMediaCache();
    clearSession();
  });

  it('shows an image from the fetched file and revokes its object URL on unmount', async () => {
    const seen = serve({ '/messages/100/media': [file(PNG, 'image/png')] });
    const view = render(<MessageBubble message={makeMessage({ mediaType: 'image', mediaUrl: '3f9a0c1d2e3f4a5b6c7d8e9f-foto.png', body: 'olha' })} />);
    expect(screen.getByTestId('message-media-loading')).toBeTruthy();
    const img = await within(screen.getByTestId('message-media')).findByRole('img');
    const src = img.getAttribute('src')!;
    expect(src).toMatch(/^blob:/);
    expect(await blobBytes(src)).toEqual(PNG);
    expect(seen).toEqual([{ path: '/messages/100/media', auth: 'Bearer tok-1' }]);
    expect(screen.getByText('olha')).toBeTruthy();
    // A click opens the viewer with the same picture.
    fireEvent.click(img);
    await waitFor(() => expect(document.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe(src));
    view.unmount();
    expect(await isRevoked(src)).toBe(true);
  });

  it('fetches a second time only for a new stored name, and revokes the old URL', async () => {
    const seen = serve({ '/messages/100/media': [file(PNG, 'image/png'), file(new Uint8Array([9, 9]), 'image/png')] });
    const first = makeMessage({ mediaType: 'image', mediaUrl: 'a.png' });
    const view = render(<MessageBubble message={first} />);
    const oldSrc = (await within(await screen.findByTestId('message-media')).findByRole('img')).getAttribute('src')!;
    view.rerender(<MessageBubble message={{ ...first, body: 'editado' }} />);
    view.rerender(<MessageBubble message={{ ...first, mediaUrl: 'b.png' }} />);
    await waitFor(() => expect(within(screen.getByTestId('message-media')).getByRole('img').getAttribute('src')).not.toBe(oldSrc));
    expect(await blobBytes(within(screen.getByTestId('message-media')).getByRole('img').getAttribute('src')!)).toEqual(new Uint8Array([9, 9]));
    expect(await isRevoked(oldSrc)).toBe(true);
    expect(seen).toHaveLength(2);
  });

  it('says the download failed when the server could not get the file, without asking for it', () => {
    const seen = serve({});
    render(<MessageBubble message={makeMessage({ mediaType: 'image', mediaUrl: null, errorCode: 'ERR_WAPP_DOWNLOAD_MEDIA', body: '' })} />);
    expect(screen.getByTestId('message-media-error').textContent).toContain('Não foi possível baixar a mídia');
    expect(seen).toEqual([]);
  });

  it('says the download failed when the file cannot be fetched', async () => {
    serve({});
    render(<MessageBubble message={makeMessage({ mediaType: 'ptt', mediaUrl: 'x.ogg', body: '' })} />);
    expect((await screen.findByTestId('message-media-error')).textContent).toContain('Não foi possível baixar a mídia');
  });

  it('labels a voice note and plays it from the fetched file', async () => {
    serve({ '/messages/100/media': [file(new Uint8Array([1]), 'audio/ogg')] });
    render(<MessageBubble message={makeMessage({ mediaType: 'ptt', mediaUrl: 'n.ogg', body: '' })} />);
    const audio = await screen.findByLabelText('Mensagem de voz', { selector: 'audio' });
    expect(audio.getAttribute('src')).toMatch(/^blob:/);
  });

  it('refreshes an expired token once and fetches again', async () => {
    const seen = serve({
      '/messages/100/media': [() => Response.json({ error: 'ERR_INVALID_TOKEN' }, { status: 403 }), file(PNG, 'image/png')],
      '/auth/refresh_token': [() => Response.json({ token: 'tok-2', user })],
    });
    render(<MessageBubble message={makeMessage({ mediaType: 'sticker', mediaUrl: 's.webp', body: '' })} />);
    expect((await within(await screen.findByTestId('message-media')).findByRole('img')).getAttribute('src')).toMatch(/^blob:/);
    expect(seen.map((s) => `${s.path} ${s.auth}`)).toEqual(['/messages/100/media Bearer tok-1', '/auth/refresh_token Bearer tok-1', '/messages/100/media Bearer tok-2']);
  });

  it('fetches only once the bubble comes near the screen', async () => {
    let notify: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    // jsdom has no layout, so no IntersectionObserver: this one reports what the test says.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const seen = serve({ '/messages/100/media': [file(PNG, 'image/png')] });
    render(<MessageBubble message={makeMessage({ mediaType: 'video', mediaUrl: 'v.mp4', body: '' })} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]);
    act(() => notify!([{ isIntersecting: true }]));
    await waitFor(() => expect(screen.getByTestId('message-media').querySelector('video')?.getAttribute('src')).toMatch(/^blob:/));
    expect(seen).toHaveLength(1);
  });
});

describe('documents, locations and contacts', () => {
  beforeEach(() => setSession('tok-1', user));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearMediaCache();
    clearSession();
  });

  it('fetches a document only on click, then saves it under its file name', async () => {
    const seen = serve({ '/messages/100/media': [file(new Uint8Array([37, 80, 68, 70]), 'application/octet-stream')] });
    render(<MessageBubble message={makeMessage({ mediaType: 'document', mediaUrl: '3f9a0c1d2e3f4a5b6c7d8e9f-Contrato_de_servico.pdf', body: 'Contrato de serviço.pdf' })} />);
    const link = screen.getByRole('link', { name: 'Baixar Contrato de serviço.pdf' });
    expect(link.getAttribute('download')).toBe('Contrato de serviço.pdf');
    expect(seen).toEqual([]);
    const clicks: string[] = [];
    link.addEventListener('click', (event) => {
      clicks.push(link.getAttribute('href')!);
      // jsdom cannot save files (it would try to navigate); a browser saves under `download`.
      if (clicks.length > 1) event.preventDefault();
    });
    fireEvent.click(link);
    await waitFor(() => expect(clicks).toHaveLength(2));
    // The second click is the link clicking itself, now holding the file.
    expect(clicks[0]).toBe('#');
    expect(clicks[1]).toMatch(/^blob:/);
    expect(await blobBytes(clicks[1]!)).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(seen).toHaveLength(1);
    // Its kind before, and its size once the file is here.
    expect(screen.getByTestId('document-info').textContent).toBe('PDF · 4 B');
  });

  it('a document whose size the server knows shows it before any download (issue 28 §5)', () => {
    const seen = serve({});
    render(<MessageBubble message={makeMessage({ mediaType: 'document', mediaUrl: 'a1b2c3d4e5f6a7b8c9d0e1f2-Tabela.pdf', body: 'Tabela.pdf', mediaSize: 1_572_864 })} />);
    expect(screen.getByTestId('document-info').textContent).toBe('PDF · 1.5 MB');
    expect(seen).toEqual([]);
  });

  it('an audio shows its player and its length', async () => {
    serve({ '/messages/100/media': [file(new Uint8Array([0xff, 0xfb, 1, 2]), 'audio/mpeg')] });
    render(<MessageBubble message={makeMessage({ mediaType: 'ptt', mediaUrl: 'abc.mp3', body: '' })} />);
    const media = await screen.findByTestId('message-media');
    expect(media.getAttribute('data-kind')).toBe('ptt');
    const audio = await waitFor(() => {
      const el = media.querySelector('audio');
      if (!el) throw new Error('no player yet');
      return el;
    });
    // jsdom does not decode audio: the length arrives as the browser would report it.
    Object.defineProperty(audio, 'duration', { value: 65.2, configurable: true });
    fireEvent(audio, new Event('loadedmetadata'));
    expect(screen.getByTestId('audio-duration').textContent).toBe('Duração 1:05');
  });

  it('shows the location thumbnail, description and a maps link', () => {
    const maps = 'https://maps.google.com/maps?q=-23.5%2C-46.6&z=17';
    const thumb = 'data:image/jpeg;base64,/9j/AA==';
    render(<MessageBubble message={makeMessage({ mediaType: 'location', body: `${thumb}|${maps}|Padaria Central\nRua Augusta, 100` })} />);
    const link = screen.getByRole('link', { name: 'Ver no mapa' });
    expect(link.getAttribute('href')).toBe(maps);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('img', { name: 'Localização' }).getAttribute('src')).toBe(thumb);
    expect(screen.getByTestId('message-location').textContent).toContain('Padaria Central');
    expect(screen.queryByText(/maps\.google/)).toBeNull();
  });

  it('shows a shared contact as its name and number, not the vcard', () => {
    render(<MessageBubble message={makeMessage({ mediaType: 'contact', body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana Lima\nTEL;type=CELL;type=VOICE;waid=5561988887777:+55 61 98888-7777\nEND:VCARD' })} />);
    const card = screen.getByTestId('message-contact-card');
    expect(card.textContent).toContain('Ana Lima');
    expect(card.textContent).toContain('+55 61 98888-7777');
    expect(screen.queryByText(/BEGIN:VCARD/)).toBeNull();
  });
});
