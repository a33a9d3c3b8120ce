import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dtoOf } from './dto';

describe('dtoOf', () => {
  it("copies the DTO's fields from the row by name, a Date as its ISO string, and nothing else", () => {
    const Dto = z.object({ id: z.number(), name: z.string(), parentId: z.number().nullable(), createdAt: z.string() });
    const row = { id: 3, name: 'Vendas', parentId: null, createdAt: new Date('2026-11-29T01:02:03.000Z'), companyId: 9 };
    expect(dtoOf(Dto)(row)).toEqual({ id: 3, name: 'Vendas', parentId: null, createdAt: '2026-11-29T01:02:03.000Z' });
  });
});
