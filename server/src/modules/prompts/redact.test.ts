import { describe, expect, it } from 'vitest';
import { redactPii } from './redact';

describe('redactPii', () => {
  it.each([
    ['meu email é ana.souza+x@empresa.com.br ok', 'meu email é [email] ok'],
    ['CPF 123.456.789-09', 'CPF [cpf]'],
    ['cpf 12345678909', 'cpf [cpf]'],
    ['CNPJ 12.345.678/0001-95', 'CNPJ [cnpj]'],
    ['cnpj 12345678000195', 'cnpj [cnpj]'],
    ['ligue +55 (11) 98765-4321', 'ligue [telefone]'],
    ['tel 11 3456-7890 ou 5511987654321', 'tel [telefone] ou [telefone]'],
    ['(21) 2345.6789', '[telefone]'],
    ['pedido 4521, 3 itens, R$ 120,50', 'pedido 4521, 3 itens, R$ 120,50'],
    ['data 25/11/2026 às 14:30', 'data 25/11/2026 às 14:30'],
    ['protocolo 1234567', 'protocolo 1234567'],
    ['', ''],
    ['Olá, tudo bem?', 'Olá, tudo bem?'],
  ])('%j → %j', (input, output) => {
    expect(redactPii(input)).toBe(output);
  });

  it('masks every occurrence, not just the first', () => {
    expect(redactPii('a@b.co e c@d.io; 123.456.789-09 e 987.654.321-00')).toBe('[email] e [email]; [cpf] e [cpf]');
  });
});
