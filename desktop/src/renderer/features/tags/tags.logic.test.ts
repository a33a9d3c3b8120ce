import { describe, expect, it } from 'vitest';
import { planTagChange, tagValue } from './tags.logic';

const known = [
  { id: 1, name: 'Urgente', color: '#f00', kanban: 0 },
  { id: 2, name: 'Financeiro', color: '#00f', kanban: 0 },
];

describe('planTagChange', () => {
  it('keeps chosen tags by their value and creates names just typed', () => {
    expect(planTagChange([tagValue(2), 'Retornar'], known)).toEqual({ ids: [2], create: ['Retornar'] });
  });

  it("reads a typed name that exists (any case, spaces) as that tag, never a twin", () => {
    expect(planTagChange([tagValue(1), '  financeiro '], known)).toEqual({ ids: [1, 2], create: [] });
    expect(planTagChange(['urgente', tagValue(1)], known)).toEqual({ ids: [1], create: [] });
  });

  it('drops blank names and repeats of the same new name', () => {
    expect(planTagChange(['  ', 'Novo', 'NOVO'], known)).toEqual({ ids: [], create: ['Novo'] });
  });

  it('does not read a typed number as an id', () => {
    expect(planTagChange(['1'], known)).toEqual({ ids: [], create: ['1'] });
  });
});
