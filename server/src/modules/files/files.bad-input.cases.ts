import { INT4_OVER, NUL, long, q, b, form, PDF, bodyShapes, badIds, type BadInputRows } from '../../../test/helpers/bad-input-world';

// Malformed input on the files module's routes (rows of the bad input suite, run by
// server/test/integration/bad-input.*.test.ts; '{ticket}' and the like are fixtures of
// test/helpers/bad-input-world.ts).

export const badInputCases: BadInputRows = {
  'GET /files': [q('/files', 'page 0', 'pageNumber=0'), q('/files', 'page as text', 'pageNumber=abc'), q('/files', 'search too long', `searchParam=${long(101)}`)],
  'GET /files/:id': [...badIds('GET', (id) => `/files/${id}`), { name: 'no such list', req: { method: 'GET', url: '/files/999999' }, status: 404 }],
  'POST /files': [
    b('POST', '/files', 'missing fields', {}),
    b('POST', '/files', "name under 3 ('nome muito curto')", { name: 'ab', message: 'Olá' }),
    b('POST', '/files', 'no message', { name: 'Arquivos' }),
    b('POST', '/files', 'blank message', { name: 'Arquivos', message: '   ' }),
    b('POST', '/files', 'options not an array', { name: 'Arquivos', message: 'Olá', options: 'x' }),
    b('POST', '/files', 'eleven options', { name: 'Arquivos', message: 'Olá', options: Array.from({ length: 11 }, () => ({ name: 'o' })) }),
    b('POST', '/files', 'option id as text', { name: 'Arquivos', message: 'Olá', options: [{ id: 'abc', name: 'o' }] }),
    b('POST', '/files', 'option id of another list', { name: 'Arquivos', message: 'Olá', options: [{ id: '{fileOption}', name: 'o' }] }),
    b('POST', '/files', 'name with a NUL byte', { name: NUL, message: 'Olá' }),
    ...bodyShapes('POST', '/files'),
  ],
  'PUT /files/:id': [
    ...badIds('PUT', (id) => `/files/${id}`, { name: 'Arquivos', message: 'Olá' }),
    b('PUT', '/files/{fileList}', 'option id beyond int4', { name: 'Arquivos', message: 'Olá', options: [{ id: INT4_OVER, name: 'o' }] }),
    b('PUT', '/files/{fileList}', 'unknown option id', { name: 'Arquivos', message: 'Olá', options: [{ id: 999999, name: 'o' }] }),
    ...bodyShapes('PUT', '/files/{fileList}'),
  ],
  'POST /files/uploadList/:id': [
    ...badIds('POST', (id) => `/files/uploadList/${id}`),
    b('POST', '/files/uploadList/{fileList}', 'JSON instead of files', { files: 'x' }),
    form('/files/uploadList/{fileList}', 'no file part', { fileId: '1', typeArch: 'fileList', id: '{fileOption}' }, []),
    form('/files/uploadList/{fileList}', 'a file without its option id', { fileId: '1' }, [{ field: 'files', fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/files/uploadList/{fileList}', 'option id as text', { id: 'abc' }, [{ field: 'files', fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/files/uploadList/{fileList}', 'an option of no list', { id: '999999' }, [{ field: 'files', fileName: 'a.pdf', type: 'application/pdf', content: PDF }]),
    form('/files/uploadList/{fileList}', 'an empty file', { id: '{fileOption}' }, [{ field: 'files', fileName: 'a.pdf', type: 'application/pdf', content: '' }]),
  ],
  'DELETE /files/:id': badIds('DELETE', (id) => `/files/${id}`),
};
