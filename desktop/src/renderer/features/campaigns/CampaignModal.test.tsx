// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { campaignsApi } from './campaigns.api';
import { campaign } from './campaigns.fixtures';
import { CampaignModal } from './CampaignModal';

vi.mock('./campaigns.api', () => ({
  campaignsApi: {
    options: vi.fn(),
    settings: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    cancel: vi.fn(),
    restart: vi.fn(),
    templates: vi.fn(),
  },
}));
const api = vi.mocked(campaignsApi);
configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  api.options.mockResolvedValue({ whatsapps: [
      { id: 5, name: 'Loja', provider: 'beta' },
      { id: 6, name: 'Oficial', provider: 'cloud' },
    ], contactLists: [], tags: [{ id: 8, name: 'VIP' }], fileLists: [] });
  api.settings.mockResolvedValue({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: 'loja', value: 'Centro' }] });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CampaignModal', { timeout: 60_000 }, () => {
  it('creates with the five message tabs, the variables hint and the tag default Nenhuma', async () => {
    const onSaved = vi.fn();
    api.create.mockResolvedValue(campaign({ id: 4, name: 'Nova' }));
    render(<CampaignModal open campaign={null} onClose={() => undefined} onSaved={onSaved} />);
    expect(await screen.findByText('Nova Campanha')).toBeTruthy();
    for (const n of [1, 2, 3, 4, 5]) expect(screen.getByText(`Mensagem ${n}`)).toBeTruthy();
    expect(screen.queryByText('Confirmação 1')).toBeNull();
    await waitFor(() => expect(screen.getAllByText(/\{loja\}/).length).toBeGreaterThan(0));
    fireEvent.change(screen.getByTestId('campaign-name'), { target: { value: 'Nova' } });
    fireEvent.change(screen.getByTestId('campaign-message1'), { target: { value: 'Oi {nome}' } });
    fireEvent.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    expect(api.create.mock.calls[0]![0]).toMatchObject({ name: 'Nova', message1: 'Oi {nome}', tagListId: null, scheduledAt: null, confirmation: false });
    expect(onSaved).toHaveBeenCalled();
  });

  it("refuses a one-letter name with the spec's text", async () => {
    render(<CampaignModal open campaign={null} onClose={() => undefined} onSaved={() => undefined} />);
    fireEvent.change(await screen.findByTestId('campaign-name'), { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByText('Muito curto!')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('is read-only for a running campaign, shows the confirmation tabs, and stops it', async () => {
    const running = campaign({ id: 2, status: 'EM_ANDAMENTO', confirmation: true, confirmationMessage1: 'Posso?' });
    api.cancel.mockResolvedValue({ ...running, status: 'CANCELADA' });
    render(<CampaignModal open campaign={running} onClose={() => undefined} onSaved={() => undefined} />);
    expect(await screen.findByText('Apenas Visualização')).toBeTruthy();
    expect(screen.getByTestId('campaign-readonly')).toBeTruthy();
    expect(screen.queryByTestId('campaign-save')).toBeNull();
    expect((screen.getByTestId('campaign-name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Confirmação 1')).toBeTruthy();
    fireEvent.click(screen.getByTestId('campaign-modal-cancel-run'));
    await waitFor(() => expect(api.cancel).toHaveBeenCalledWith(2));
    expect(await screen.findByTestId('campaign-modal-restart-run')).toBeTruthy();
  });

  it('on a Cloud connection: the template with a campaign text per variable, previewed, instead of the message tabs (decision 0451)', async () => {
    api.templates.mockResolvedValue({
      syncedAt: new Date().toISOString(),
      templates: [
        { name: 'pedido_pronto', language: 'pt_BR', category: 'UTILITY', status: 'APPROVED', header: { format: 'TEXT', text: 'Loja {{1}}' }, body: 'Olá {{1}}, tudo certo?', footer: null, buttons: [], params: [{ part: 'header', name: '1' }, { part: 'body', name: '1' }], parameterFormat: 'POSITIONAL' },
        { name: 'em_revisao', language: 'pt_BR', category: 'UTILITY', status: 'PENDING', header: null, body: 'Não', footer: null, buttons: [], params: [], parameterFormat: 'POSITIONAL' },
      ],
    });
    const stored = campaign({ id: 9, whatsappId: 6, template: { name: 'pedido_pronto', language: 'pt_BR', variables: ['{loja}', ''] } });
    api.update.mockResolvedValue(stored);
    render(<CampaignModal open campaign={stored} onClose={() => undefined} onSaved={() => undefined} />);
    expect(await screen.findByTestId('campaign-template')).toBeTruthy();
    await waitFor(() => expect(api.templates).toHaveBeenCalledWith(6, false));
    expect(screen.queryByText('Mensagem 1')).toBeNull();
    fireEvent.change(await screen.findByTestId('campaign-template-var-1'), { target: { value: '{nome}' } });
    await waitFor(() => expect(screen.getByTestId('campaign-template-preview').textContent).toBe('*Loja {loja}*\n\nOlá {nome}, tudo certo?'));
    fireEvent.click(screen.getByTestId('campaign-save'));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![1]).toMatchObject({ whatsappId: 6, template: { name: 'pedido_pronto', language: 'pt_BR', variables: ['{loja}', '{nome}'] } });
  });

  it('is editable when PROGRAMADA more than an hour ahead', async () => {
    const later = campaign({ id: 3, status: 'PROGRAMADA', scheduledAt: new Date(Date.now() + 2 * 3600_000).toISOString() });
    render(<CampaignModal open campaign={later} onClose={() => undefined} onSaved={() => undefined} />);
    expect(await screen.findByText('Editar Campanha')).toBeTruthy();
    expect(screen.getByTestId('campaign-save')).toBeTruthy();
  });
});
