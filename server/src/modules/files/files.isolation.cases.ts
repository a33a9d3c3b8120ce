import { expect } from 'vitest';
import { multipart } from '../../../test/helpers/form-parts';
import type { RawRequest } from '../../../test/helpers/routes';
import { get, status, type IsolationCases } from '../../../test/helpers/isolation-world';

// Company B's admin calls the files module's routes with company A's ids: rows of the tenant
// isolation suite, run by server/test/integration/tenant-isolation.*.test.ts in the world of
// test/helpers/isolation-world.ts.

export const isolationCases: IsolationCases = ({ B, notFound, listed, lists, aListsUnchanged }) => {
  const optionUpload = (url: string, optionId: number): RawRequest => {
    const form = multipart([
      { name: 'fileId', value: '0' },
      { name: 'typeArch', value: 'fileList' },
      { name: 'files', value: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8DwHwQBEPgD/U6VwW8AAAAASUVORK5CYII=', 'base64'), filename: 'b.png', contentType: 'image/png' },
      { name: 'mediaType', value: 'image/png' },
      { name: 'name', value: 'Opção' },
      { name: 'id', value: String(optionId) },
    ]);
    return { method: 'POST', url, raw: form.payload.toString('latin1'), contentType: form.contentType };
  };
  return {
    'GET /files': [{ name: 'lists B only', req: async () => (await lists(), get('/files?searchParam=Arquivos')), expect: async (r) => {
        const f = await lists();
        listed((b) => b.files, () => [f.aFile], () => f.bFile)(r);
      } }],
    'GET /files/:id': [{ name: "A's file list", req: async () => get(`/files/${(await lists()).aFile}`), expect: notFound('ERR_NOT_FOUND') }],
    'POST /files': [{ name: "B's own list", req: () => ({ method: 'POST', url: '/files', body: { name: 'Mais de B', message: 'Oi' } }), expect: (r) => {
        expect(r.status).toBe(200);
        expect(r.body.companyId).toBe(B.c.companyId);
      } }],
    'PUT /files/:id': [
      { name: "A's file list", req: async () => ({ method: 'PUT', url: `/files/${(await lists()).aFile}`, body: { name: 'Tomada', message: 'x', options: [] } }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) },
      {
        name: "A's option on B's list",
        req: async () => ({ method: 'PUT', url: `/files/${(await lists()).bFile}`, body: { name: 'Arquivos B', message: 'x', options: [{ id: (await lists()).aOption, name: 'Tomada' }] } }),
        expect: (r) => expect(status(r)).toEqual({ status: 400, error: 'ERR_VALIDATION' }),
      },
    ],
    'POST /files/uploadList/:id': [
      { name: "A's file list", req: async () => optionUpload(`/files/uploadList/${(await lists()).aFile}`, (await lists()).aOption), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) },
      {
        name: "A's option through B's list",
        req: async () => optionUpload(`/files/uploadList/${(await lists()).bFile}`, (await lists()).aOption),
        expect: async (r) => {
          expect(status(r)).toEqual({ status: 400, error: 'ERR_VALIDATION' });
          await aListsUnchanged();
        },
      },
    ],
    'DELETE /files/:id': [{ name: "A's file list", req: async () => ({ method: 'DELETE', url: `/files/${(await lists()).aFile}` }), expect: notFound('ERR_NOT_FOUND', aListsUnchanged) }],
  };
};
