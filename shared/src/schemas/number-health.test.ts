import { describe, expect, it } from 'vitest';
import { optOutKeyword } from './number-health';

describe('optOutKeyword (decision 0242)', () => {
  it('reads the four keywords whatever the case, accents, spaces and closing punctuation', () => {
    expect(['SAIR', 'sair', ' Sáir! ', 'PARAR.', 'párar', 'stop', 'S T O P', 'Cancelar!!', 'cancelár?'].map(optOutKeyword)).toEqual([
      'SAIR',
      'SAIR',
      'SAIR',
      'PARAR',
      'PARAR',
      'STOP',
      'STOP',
      'CANCELAR',
      'CANCELAR',
    ]);
  });

  it('does not take a sentence or another word for one', () => {
    expect(['quero sair da lista', 'Stop by tomorrow?', 'sairei', 'parar agora', '', '😀', 'cancelado'].map(optOutKeyword)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
