// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignsApi } from './campaigns.api';
import { CampaignsConfigPage } from './CampaignsConfigPage';

vi.mock('./campaigns.api', () => ({ campaignsApi: { settings: vi.fn(), saveSettings: vi.fn() } }));
const api = vi.mocked(campaignsApi);
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CampaignsConfigPage', { timeout: 60_000 }, () => {
  it('adds a variable unless its key exists, and saves the intervals and variables', async () => {
    api.settings.mockResolvedValue({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: 'loja', value: 'Centro' }] });
    api.saveSettings.mockImplementation(async (s) => ({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [], ...s }) as never);
    render(<CampaignsConfigPage />);
    expect(screen.getByTestId('campaigns-config-skeleton')).toBeTruthy();
    await screen.findByTestId('campaigns-config');
    expect(screen.getByText('20 segundos')).toBeTruthy();
    expect(screen.getAllByTestId('config-variable')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('config-variable-key'), { target: { value: 'loja' } });
    fireEvent.click(screen.getByTestId('config-variable-add'));
    expect(await screen.findByText('Este atalho já existe')).toBeTruthy();
    expect(screen.getAllByTestId('config-variable')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('config-variable-key'), { target: { value: 'cupom' } });
    fireEvent.change(screen.getByTestId('config-variable-value'), { target: { value: 'BF10' } });
    fireEvent.click(screen.getByTestId('config-variable-add'));
    await waitFor(() => expect(screen.getAllByTestId('config-variable')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('config-save'));
    await waitFor(() => expect(api.saveSettings).toHaveBeenCalled());
    expect(api.saveSettings.mock.calls[0]![0]).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [
        { key: 'loja', value: 'Centro' },
        { key: 'cupom', value: 'BF10' },
      ],
    });
  });

  it('says there are no variables yet', async () => {
    api.settings.mockResolvedValue({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, variables: [] });
    render(<CampaignsConfigPage />);
    expect(await screen.findByText('Nenhuma variável cadastrada.')).toBeTruthy();
    expect(screen.getAllByText('Sem intervalo').length).toBeGreaterThan(0);
  });
});
