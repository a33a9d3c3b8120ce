// @vitest-environment happy-dom
import '../../test/dom';
import '../../app/i18n/i18n';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { MessagesApiPage } from './MessagesApiPage';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const page = () =>
  render(
    <MemoryRouter>
      <MessagesApiPage />
    </MemoryRouter>,
  );
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('MessagesApiPage', () => {
  it('documents the call with the real address (curl for text and files), the fields and a link to /docs', () => {
    page();
    const url = `${window.location.origin}/api/messages/send`;
    expect(screen.getByTestId('messages-api-url').textContent).toContain(url);
    expect(screen.getByTestId('messages-api-curl-text').textContent).toContain(`curl -X POST '${url}'`);
    expect(screen.getByTestId('messages-api-curl-text').textContent).toContain('Authorization: Bearer <token>');
    expect(screen.getByTestId('messages-api-curl-media').textContent).toContain("-F 'medias=@");
    expect(screen.getByTestId('messages-api-docs-link').getAttribute('href')).toBe(`${window.location.origin}/docs`);
    expect(screen.getByTestId('messages-api-connections-link').getAttribute('href')).toBe('/connections');
    expect(screen.getByTestId('messages-api-fields').textContent).toContain('medias');
  });

  it('the text test form calls the API with the connection token (not the session) and shows the answer', async () => {
    fetchMock.mockResolvedValue(answer(200, { mensagem: 'Mensagem enviada', messageId: 41, messageIds: [41], ticketId: 7, contactId: 9 }));
    const success = vi.spyOn(toast, 'success');
    page();
    type('messages-api-text-token', 'blc_tokendaconexao');
    type('messages-api-text-number', '5511999998888');
    type('messages-api-text-body', 'Olá pela API');
    fireEvent.click(screen.getByTestId('messages-api-text-send'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 8000 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${window.location.origin}/api/messages/send`);
    expect(init).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer blc_tokendaconexao', 'content-type': 'application/json' } });
    expect(JSON.parse(init!.body as string)).toEqual({ number: '5511999998888', body: 'Olá pela API' });
    expect((await screen.findByTestId('messages-api-text-answer')).textContent).toContain('"Mensagem enviada"');
    expect(success).toHaveBeenCalledWith('Mensagem enviada (id 41)');
  }, 60_000);

  it("a coded error is a toast in the user's language, and the body is shown", async () => {
    fetchMock.mockResolvedValue(answer(400, { error: 'ERR_WAPP_INVALID_CONTACT', requestId: 'r1' }));
    const error = vi.spyOn(toast, 'error');
    page();
    type('messages-api-text-token', 'blc_tokendaconexao');
    type('messages-api-text-number', '5511988880000');
    type('messages-api-text-body', 'Olá');
    fireEvent.click(screen.getByTestId('messages-api-text-send'));
    await waitFor(() => expect(error).toHaveBeenCalled(), { timeout: 8000 });
    expect(error.mock.calls[0]![0]).not.toContain('ERR_');
    expect((await screen.findByTestId('messages-api-text-answer')).textContent).toContain('ERR_WAPP_INVALID_CONTACT');
  }, 60_000);

  it('validates before calling: token, number and message are required; the number needs its digits', async () => {
    page();
    type('messages-api-text-number', '1234');
    fireEvent.click(screen.getByTestId('messages-api-text-send'));
    expect(await screen.findByText('Informe de 10 a 15 dígitos: código do país + DDD + número', {}, { timeout: 8000 })).toBeTruthy();
    // Each field's rule settles on its own: wait for both messages, not the first.
    await waitFor(() => expect(screen.getAllByText('Obrigatório').length).toBeGreaterThanOrEqual(2));
    expect(fetchMock).not.toHaveBeenCalled();
  }, 60_000);

  it('the media test form sends multipart with the file in "medias"', async () => {
    fetchMock.mockResolvedValue(answer(200, { mensagem: 'Mensagem enviada', messageId: 42, messageIds: [42], ticketId: 7, contactId: 9 }));
    page();
    type('messages-api-media-token', 'blc_tokendaconexao');
    type('messages-api-media-number', '5511999998888');
    type('messages-api-media-caption', 'Segue');
    const input = screen.getByTestId('messages-api-media-file').querySelector('input[type=file]') ?? document.querySelector('[data-testid=messages-api-media] input[type=file]');
    fireEvent.change(input!, { target: { files: [new File(['%PDF-1.4'], 'boleto.pdf', { type: 'application/pdf' })] } });
    await screen.findByText('boleto.pdf');
    fireEvent.click(screen.getByTestId('messages-api-media-send'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 8000 });
    const init = fetchMock.mock.calls[0]![1]!;
    const form = init.body as FormData;
    expect(form.get('number')).toBe('5511999998888');
    expect(form.get('body')).toBe('Segue');
    expect((form.get('medias') as File).name).toBe('boleto.pdf');
    expect(init.headers).toEqual({ authorization: 'Bearer blc_tokendaconexao' });
    expect((await screen.findByTestId('messages-api-media-answer')).textContent).toContain('42');
  }, 60_000);
});
