// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpDto } from '@balcao/shared';
import { http } from '../../lib/http';
import { HelpsPage } from './HelpsPage';

vi.mock('../../lib/http', async (orig) => ({ ...(await orig<typeof import('../../lib/http')>()), http: { get: vi.fn() } }));
configure({ asyncUtilTimeout: 8000 });

const help = (id: number, title: string): HelpDto => ({ id, title, description: `Sobre ${title}`, video: 'dQw4w9WgXcQ', createdAt: '', updatedAt: '' });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('HelpsPage', { timeout: 60_000 }, () => {
  it('shows a skeleton, then the cards with the count; a card plays in a modal that Escape closes', async () => {
    let resolve!: (h: HelpDto[]) => void;
    vi.mocked(http.get).mockReturnValue(new Promise((r) => (resolve = r)) as never);
    render(<HelpsPage />);
    expect(screen.getByTestId('helps-loading')).toBeTruthy();
    resolve([help(1, 'Conexões'), help(2, 'Filas')]);
    await waitFor(() => expect(screen.getAllByTestId('help-card')).toHaveLength(2));
    expect(screen.getByTestId('helps-title').textContent).toBe('Ajuda (2)');
    expect(screen.getByText('Sobre Filas')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Conexões' })[0]!.getAttribute('src')).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');

    // Keyboard: Enter on a card opens the player.
    fireEvent.keyDown(screen.getAllByTestId('help-card')[1]!, { key: 'Enter' });
    const player = await screen.findByTestId('help-player');
    expect(player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    expect(player.getAttribute('title')).toBe('Filas');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('help-player')).toBeNull());
  });

  it("shows the spec's empty state", async () => {
    vi.mocked(http.get).mockResolvedValue([] as never);
    render(<HelpsPage />);
    expect(await screen.findByText('Nenhum registro')).toBeTruthy();
    expect(screen.getByTestId('helps-title').textContent).toBe('Ajuda (0)');
  });
});
