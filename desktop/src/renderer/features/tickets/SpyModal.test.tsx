// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http';
import { makeMessage, makeTicket } from '../../test/fixtures';
import { SpyModal } from './SpyModal';

vi.mock('../../lib/http', async (importOriginal) => ({ ...(await importOriginal<object>()), http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), getBlob: vi.fn() } }));
const get = vi.mocked(http.get);
configure({ asyncUtilTimeout: 8000 });
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('SpyModal ("Espiar Conversa")', { timeout: 60_000 }, () => {
  it("shows the ticket's messages without menus, pages back on demand and never marks them read", async () => {
    get.mockImplementation((path, query) =>
      Promise.resolve(
        (query as { pageNumber: number }).pageNumber === 1
          ? { messages: [makeMessage({ id: 2, body: 'Quero saber do boleto', createdAt: '2025-03-10T12:02:00.000Z' })], hasMore: true, count: 2 }
          : { messages: [makeMessage({ id: 1, body: 'Bom dia', createdAt: '2025-03-10T12:01:00.000Z' })], hasMore: false, count: 2 },
      ) as never,
    );
    const onClose = vi.fn();
    render(<SpyModal ticket={makeTicket({ id: 44, contact: { id: 10, name: 'Maria Souza', number: '1', profilePicUrl: '' } })} onClose={onClose} />);
    expect(await screen.findByText('Quero saber do boleto')).toBeTruthy();
    expect(screen.getByText(/Espiar Conversa — Maria Souza #44/)).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/messages/44', { pageNumber: 1 });
    // Read-only: no message menu button, nothing but reads.
    expect(screen.queryByTestId('message-menu')).toBeNull();
    fireEvent.click(screen.getByTestId('spy-older'));
    expect(await screen.findByText('Bom dia')).toBeTruthy();
    const bodies = [...document.querySelectorAll('[data-testid="message-row"]')].map((r) => r.textContent ?? '');
    expect(bodies.findIndex((b) => b.includes('Bom dia'))).toBeLessThan(bodies.findIndex((b) => b.includes('boleto')));
    await waitFor(() => expect(screen.queryByTestId('spy-older')).toBeNull());
    expect([http.post, http.put, http.delete].every((f) => vi.mocked(f).mock.calls.length === 0)).toBe(true);
  });

  it('says so when the ticket has no message', async () => {
    get.mockResolvedValue({ messages: [], hasMore: false, count: 0 } as never);
    render(<SpyModal ticket={makeTicket({ id: 45 })} onClose={vi.fn()} />);
    expect(await screen.findByText('Nenhuma mensagem')).toBeTruthy();
  });
});
