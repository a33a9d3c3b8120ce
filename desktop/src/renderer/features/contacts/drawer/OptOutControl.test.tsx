// @vitest-environment happy-dom
import '../../../test/dom';
import '../../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContactOptOutDto, SessionUserDto } from '@balcao/shared';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { optOutApi } from './optOut.api';
import { OptOutControl } from './OptOutControl';

vi.mock('./optOut.api', () => ({ optOutApi: { get: vi.fn(), optOut: vi.fn(), optIn: vi.fn() } }));
vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
const api = vi.mocked(optOutApi);
configure({ asyncUtilTimeout: 8000 });

const state = (over: Partial<ContactOptOutDto> = {}): ContactOptOutDto => ({ contactId: 10, number: '5511999990000', optedOut: false, source: null, keyword: null, userId: null, createdAt: null, ...over });
const as = (profile: 'user' | 'supervisor') => useSession.setState({ token: 't', status: 'authenticated', user: { id: 1, profile, companyId: 1, name: 'Ana', super: false } as SessionUserDto });

beforeEach(() => as('user'));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('OptOutControl', { timeout: 60_000 }, () => {
  it('lets an agent opt the contact out after confirming, then shows the badge (and no way back for a user)', async () => {
    api.get.mockResolvedValue(state());
    api.optOut.mockResolvedValue(state({ optedOut: true, source: 'agent', userId: 1, createdAt: '2026-03-01T10:00:00.000Z' }));
    render(<OptOutControl contactId={10} />);
    fireEvent.click(await screen.findByTestId('drawer-optout'));
    fireEvent.click(await screen.findByTestId('drawer-optout-confirm'));
    await waitFor(() => expect(api.optOut).toHaveBeenCalledWith(10));
    expect((await screen.findByTestId('drawer-optedout')).textContent).toBe('Descadastrado');
    expect(toast.success).toHaveBeenCalledWith('Contato descadastrado dos envios.');
    expect(screen.queryByTestId('drawer-optin')).toBeNull();
  });

  it("shows why (the customer's keyword) and lets a supervisor opt the contact back in", async () => {
    as('supervisor');
    api.get.mockResolvedValue(state({ optedOut: true, source: 'keyword', keyword: 'SAIR' }));
    api.optIn.mockResolvedValue(state());
    render(<OptOutControl contactId={10} />);
    expect((await screen.findByTestId('drawer-optedout')).getAttribute('aria-label')).toContain('enviou "SAIR"');
    fireEvent.click(screen.getByTestId('drawer-optin'));
    fireEvent.click(await screen.findByTestId('drawer-optin-confirm'));
    await waitFor(() => expect(api.optIn).toHaveBeenCalledWith(10));
    expect(await screen.findByTestId('drawer-optout')).toBeTruthy();
  });
});
