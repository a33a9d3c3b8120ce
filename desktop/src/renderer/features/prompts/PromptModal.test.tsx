// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PromptDto, QueueDto } from '@balcao/shared';
import { promptsApi } from './prompts.api';
import { PromptModal, voiceLabel } from './PromptModal';

vi.mock('./prompts.api', () => ({ promptsApi: { create: vi.fn(), update: vi.fn() } }));
const api = vi.mocked(promptsApi);
configure({ asyncUtilTimeout: 8000 });

const onClose = vi.fn();
const onSaved = vi.fn();
const queues = [{ id: 3, name: 'Vendas' }] as QueueDto[];
const TRAINING = 'Você é a atendente virtual da Padaria Central. Responda com educação e de forma breve.';
const stored: PromptDto = {
  id: 7,
  name: 'Assistente',
  prompt: TRAINING,
  apiKey: 'sk-…abcd',
  apiKeyConfigured: true,
  baseUrl: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  voice: 'texto',
  voiceKey: '',
  voiceKeyConfigured: false,
  voiceRegion: '',
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  queueId: 3,
  queue: { id: 3, name: 'Vendas' },
  redactPii: true,
  companyId: 1,
  createdAt: '',
  updatedAt: '',
};
const change = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('prompt-save'));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('PromptModal', { timeout: 60_000 }, () => {
  it("shows the spec's texts ('Muito curto!', the training text, 'Informe o setor') and sends nothing", async () => {
    render(<PromptModal open record={null} queues={queues} onClose={onClose} onSaved={onSaved} />);
    change('prompt-name', 'abc');
    change('prompt-text', 'curto');
    save();
    expect(await screen.findByText('Muito curto!')).toBeTruthy();
    expect(await screen.findByText('Descreva o treinamento para Inteligência Artificial')).toBeTruthy();
    expect(await screen.findByText('Informe o setor')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('edits with the masked key sent back as is (the server keeps it) and the key field a password with show/hide', async () => {
    api.update.mockResolvedValue({ ...stored, maxTokens: 250 });
    render(<PromptModal open record={stored} queues={queues} onClose={onClose} onSaved={onSaved} />);
    const key = screen.getByTestId('prompt-api-key') as HTMLInputElement;
    await waitFor(() => expect(key.value).toBe('sk-…abcd'));
    expect(key.type).toBe('password');
    fireEvent.click(screen.getAllByTestId('prompt-api-key-toggle')[0]!);
    expect(key.type).toBe('text');
    change('prompt-max-tokens', '250');
    save();
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0]![0]).toBe(7);
    expect(api.update.mock.calls[0]![1]).toMatchObject({ apiKey: 'sk-…abcd', maxTokens: 250, queueId: 3, redactPii: true, baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ maxTokens: 250 })));
  });

  it('names the voices by their first name', () => {
    expect(voiceLabel('pt-BR-FranciscaNeural')).toBe('Francisca');
  });
});
