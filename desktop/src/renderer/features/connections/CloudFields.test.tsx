// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionDialog } from './ConnectionDialog';
import { connectionsApi } from './connections.api';
import { makeConnection } from './connections.fixtures';
import { useConnections } from './connections.store';

vi.mock('./connections.api', () => ({
  connectionsApi: {
    queues: vi.fn(async () => []),
    create: vi.fn(),
    update: vi.fn(),
    integrations: vi.fn(async () => []),
    prompts: vi.fn(async () => []),
    rotateToken: vi.fn(),
    testCloud: vi.fn(),
  },
}));
const api = vi.mocked(connectionsApi);

beforeEach(() => useConnections.getState().reset());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const change = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('connection-save'));
const chooseCloud = async () => {
  fireEvent.mouseDown(screen.getByTestId('connection-provider').querySelector('.ant-select-selector') ?? screen.getByTestId('connection-provider'));
  fireEvent.click(await screen.findByText('WhatsApp Cloud API (oficial)', {}, { timeout: 8000 }));
  await screen.findByTestId('connection-cloud', {}, { timeout: 8000 });
};
const savedCloud = makeConnection({
  id: 12,
  name: 'Oficial',
  provider: 'cloud',
  status: 'CONNECTED',
  cloud: { phoneNumberId: '106540352242922', wabaId: '102290129340398', accessTokenSet: true, appSecretSet: true, verifyTokenSet: true, qualityRating: '', messagingLimit: '', checkedAt: null },
});

describe('ConnectionDialog: a Cloud API connection (issue 29 §1)', () => {
  it("asks for Meta's facts only for the Cloud provider, shows the webhook URL and a fresh verify token to paste into Meta's console, and creates with them", async () => {
    const onClose = vi.fn();
    api.create.mockResolvedValue(savedCloud);
    render(<ConnectionDialog open connection={null} onClose={onClose} />);
    await screen.findByTestId('connection-name');
    expect(screen.queryByTestId('connection-cloud')).toBeNull();
    fireEvent.change(field('connection-name'), { target: { value: 'Oficial' } });
    await chooseCloud();
    expect(screen.getByTestId('cloud-webhook-url').textContent).toBe(`${window.location.origin}/channels/whatsapp-cloud/webhook`);
    const verify = field('cloud-verifyToken').value;
    expect(verify).toMatch(/^balcao-[0-9a-f]{36}$/);
    expect(screen.getByTestId('cloud-webhook-verify').textContent).toBe(verify);
    // Nothing saved yet: nothing to test.
    expect((screen.getByTestId('cloud-test') as HTMLButtonElement).disabled).toBe(true);

    save();
    expect(await screen.findAllByText('Required', {}, { timeout: 8000 })).toHaveLength(4);
    expect(api.create).not.toHaveBeenCalled();
    change('cloud-phoneNumberId', ' 106540352242922 ');
    change('cloud-wabaId', '102290129340398');
    change('cloud-accessToken', 'EAAG-access-token-0123456789');
    change('cloud-appSecret', 'app-secret-0123456789abcdef');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 8000 });
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Oficial',
        provider: 'cloud',
        cloud: { phoneNumberId: '106540352242922', wabaId: '102290129340398', accessToken: 'EAAG-access-token-0123456789', appSecret: 'app-secret-0123456789abcdef', verifyToken: verify },
      }),
    );
  }, 60_000);

  it('a saved one never shows its secrets back: blank keeps them, a new one replaces it; another provider sends no Cloud facts', async () => {
    api.update.mockResolvedValue(savedCloud);
    render(<ConnectionDialog open connection={savedCloud} onClose={() => undefined} />);
    expect((await screen.findByTestId('cloud-phoneNumberId') as HTMLInputElement).value).toBe('106540352242922');
    expect([field('cloud-accessToken').value, field('cloud-appSecret').value, field('cloud-verifyToken').value]).toEqual(['', '', '']);
    expect(screen.getAllByText('Salvo e nunca mostrado. Deixe em branco para manter; digite outro para trocar.')).toHaveLength(2);
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1), { timeout: 8000 });
    expect(api.update.mock.calls[0]![1].cloud).toEqual({ phoneNumberId: '106540352242922', wabaId: '102290129340398' });
    change('cloud-accessToken', 'EAAG-a-rotated-token-987654321');
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(2), { timeout: 8000 });
    expect(api.update.mock.calls[1]![1].cloud).toEqual({ phoneNumberId: '106540352242922', wabaId: '102290129340398', accessToken: 'EAAG-a-rotated-token-987654321' });
    cleanup();

    const sandbox = makeConnection({ id: 3, provider: 'sandbox' });
    api.update.mockResolvedValue(sandbox);
    render(<ConnectionDialog open connection={sandbox} onClose={() => undefined} />);
    await screen.findByTestId('connection-name');
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(3), { timeout: 8000 });
    expect(api.update.mock.calls[2]![1]).not.toHaveProperty('cloud');
  }, 60_000);

  it("tests a saved connection's token: Meta's facts, or Meta's refusal with its code", async () => {
    api.testCloud.mockResolvedValueOnce({ ok: true, displayPhoneNumber: '+55 61 3333-0000', verifiedName: 'Loja Balcão', qualityRating: 'GREEN', messagingLimit: 'TIER_2K' });
    // What Meta said when last read, before any test (decision 0450).
    render(<ConnectionDialog open connection={{ ...savedCloud, cloud: { ...savedCloud.cloud!, qualityRating: 'RED', messagingLimit: 'TIER_250', checkedAt: '2025-03-10T12:00:00.000Z' } }} onClose={() => undefined} />);
    expect((await screen.findByTestId('cloud-quality')).textContent).toBe('Qualidade baixa · 250 clientes/24 h');
    fireEvent.click(await screen.findByTestId('cloud-test'));
    await waitFor(() => expect(screen.getByTestId('cloud-test-result').textContent).toBe('A Meta respondeu: +55 61 3333-0000 · Loja Balcão · qualidade GREEN'));
    expect(screen.getByTestId('cloud-quality').textContent).toBe('Qualidade alta · 2.000 clientes/24 h');
    expect(api.testCloud).toHaveBeenCalledWith(12);
    api.testCloud.mockResolvedValueOnce({ ok: false, errorCode: 190, error: 'Session has expired' });
    fireEvent.click(screen.getByTestId('cloud-test'));
    await waitFor(() => expect(screen.getByTestId('cloud-test-result').textContent).toBe('A Meta recusou: (190) Session has expired'));
  }, 60_000);
});
