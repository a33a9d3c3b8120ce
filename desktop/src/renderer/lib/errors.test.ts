// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { errorsPtBR } from '../app/i18n/errors.ptBR';
import { errorCode, errorMessage, FALLBACK_ERROR, isDuplicateRecord, type Translate } from './errors';
import { ApiError } from './http';

const pt: Translate = (code) => (errorsPtBR as Record<string, string>)[code];
const apiError = (status: number, body: unknown) => new ApiError(status, body, 'HTTP error');

describe('errorMessage (attendance.md §8)', () => {
  it('translates a known code', () => {
    expect(errorMessage(apiError(403, { error: 'ERR_NO_PERMISSION' }), pt)).toBe('Acesso não permitido');
    expect(errorMessage(apiError(401, { error: 'ERR_INVALID_CREDENTIALS' }), pt)).toBe(
      'Erro de autenticação. Por favor, tente novamente.',
    );
    expect(errorMessage(apiError(409, { error: 'ERR_OTHER_OPEN_TICKET' }), pt)).toBe('Já existe um tíquete aberto para este contato.');
    expect(errorMessage(apiError(401, { error: 'ERR_SESSION_EXPIRED' }), pt)).toBe('Sessão expirada. Por favor entre.');
  });

  it('shows the server message for an expired subscription, and the table text without one', () => {
    const message = 'Opss! Sua assinatura venceu 01/03/2025. Entre em contato com o Suporte para mais informações!';
    expect(errorMessage(apiError(402, { error: 'ERR_SUBSCRIPTION_EXPIRED', message }), pt)).toBe(message);
    expect(errorMessage(apiError(402, { error: 'ERR_SUBSCRIPTION_EXPIRED' }), pt)).toBe(errorsPtBR.ERR_SUBSCRIPTION_EXPIRED);
  });

  it('shows an unknown code raw', () => {
    expect(errorMessage(apiError(400, { error: 'ERR_SOMETHING_NEW' }), pt)).toBe('ERR_SOMETHING_NEW');
  });

  it('adds field issues to a validation error', () => {
    const body = { error: 'ERR_VALIDATION', issues: [{ path: 'email', message: 'Invalid email' }] };
    expect(errorMessage(apiError(400, body), pt)).toBe(`${errorsPtBR.ERR_VALIDATION} (Invalid email)`);
  });

  it('shows a plain string as is', () => {
    expect(errorMessage('Algo deu errado', pt)).toBe('Algo deu errado');
  });

  it('falls back to the generic text otherwise', () => {
    expect(errorMessage(apiError(0, undefined), pt)).toBe(FALLBACK_ERROR);
    expect(errorMessage(apiError(502, '<html>Bad gateway</html>'), pt)).toBe(FALLBACK_ERROR);
    expect(errorMessage(new Error('boom'), pt)).toBe(FALLBACK_ERROR);
    expect(errorMessage(null, pt)).toBe('An error occurred!');
  });

  it('has a pt-BR text for every code of the shared catalogue', async () => {
    const { errorCodes } = await import('@balcao/shared');
    for (const code of errorCodes) expect(errorsPtBR[code], code).toMatch(/\S/);
  });
});

describe('errorCode / isDuplicateRecord', () => {
  it("reads the server's code of a failed call, and nothing else", () => {
    expect(errorCode(apiError(409, { error: 'ERR_DUPLICATED_RECORD' }))).toBe('ERR_DUPLICATED_RECORD');
    expect(errorCode(apiError(0, undefined))).toBeUndefined();
    expect(errorCode(apiError(500, 'Internal Server Error'))).toBeUndefined();
    expect(errorCode(apiError(400, { error: 42 }))).toBeUndefined();
    expect(errorCode({ error: 'ERR_NO_PERMISSION' })).toBeUndefined();
    expect(errorCode(new Error('ERR_NO_PERMISSION'))).toBeUndefined();
    expect(isDuplicateRecord(apiError(409, { error: 'ERR_DUPLICATED_RECORD' }))).toBe(true);
    expect(isDuplicateRecord(apiError(403, { error: 'ERR_NO_PERMISSION' }))).toBe(false);
  });
});
