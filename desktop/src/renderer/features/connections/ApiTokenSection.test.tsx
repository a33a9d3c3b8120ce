// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiTokenSection } from './ApiTokenSection';
import { connectionsApi } from './connections.api';
import { makeConnection } from './connections.fixtures';
import { useConnections } from './connections.store';
import { ApiError } from '../../lib/http';
import { toast } from '../../lib/toast';

vi.mock('./connections.api', () => ({ connectionsApi: { rotateToken: vi.fn() } }));
const api = vi.mocked(connectionsApi);
const TOKEN = 'blc_q3Xv9Jm2pLr8Tz0YwKc5Hn7Ds1Fa4Ge6Bu0Ni2Ok3Mz9y8';

beforeEach(() => useConnections.getState().reset());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ApiTokenSection', () => {
  it('without a token: says so, generates one at once and shows it once with a copy button; the tail replaces it', async () => {
    const w = makeConnection({ id: 3, apiTokenTail: '' });
    useConnections.getState().upsert(w);
    api.rotateToken.mockResolvedValue({ token: TOKEN, apiTokenTail: 'z9y8' });
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    const success = vi.spyOn(toast, 'success');
    render(<ApiTokenSection connection={w} />);
    expect(screen.getByTestId('connection-api-token-tail').textContent).toBe('Nenhum token gerado');
    fireEvent.click(screen.getByTestId('connection-api-token-generate'));
    expect(((await screen.findByTestId('api-token-value')) as HTMLInputElement).value).toBe(TOKEN);
    expect(screen.getByText('Copie agora: este token não será mostrado de novo.')).toBeTruthy();
    expect(api.rotateToken).toHaveBeenCalledWith(3);
    fireEvent.click(screen.getByTestId('api-token-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TOKEN));
    expect(success).toHaveBeenCalledWith('Token copiado');
    expect(screen.getByTestId('connection-api-token-tail').textContent).toBe('…z9y8');
    expect(useConnections.getState().list[0]!.apiTokenTail).toBe('z9y8');
    fireEvent.click(screen.getByTestId('api-token-close'));
    await waitFor(() => expect(screen.queryByTestId('api-token-value')).toBeNull());
    // Once closed, the token is nowhere on the screen.
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('with a token: shows its tail and asks before rotating (the old one stops working)', async () => {
    const w = makeConnection({ id: 4, apiTokenTail: 'a1b2' });
    api.rotateToken.mockResolvedValue({ token: TOKEN, apiTokenTail: 'z9y8' });
    render(<ApiTokenSection connection={w} />);
    expect(screen.getByTestId('connection-api-token-tail').textContent).toBe('…a1b2');
    fireEvent.click(screen.getByTestId('connection-api-token-generate'));
    expect(await screen.findByText('O token atual deixará de funcionar imediatamente.')).toBeTruthy();
    expect(api.rotateToken).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('connection-api-token-generate-confirm'));
    expect(((await screen.findByTestId('api-token-value')) as HTMLInputElement).value).toBe(TOKEN);
  });

  it('a refused rotation is a toast with the coded error, and no dialog', async () => {
    const w = makeConnection({ id: 5, apiTokenTail: '' });
    api.rotateToken.mockRejectedValue(new ApiError(403, { error: 'ERR_NO_PERMISSION' }, 'denied'));
    const error = vi.spyOn(toast, 'error');
    render(<ApiTokenSection connection={w} />);
    fireEvent.click(screen.getByTestId('connection-api-token-generate'));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByTestId('api-token-value')).toBeNull();
    expect(screen.getByTestId('connection-api-token-tail').textContent).toBe('Nenhum token gerado');
  });
});
