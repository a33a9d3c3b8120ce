import type { FileListDto, ListFilesResponse } from '@balcao/shared';
import { http, searchPage } from '../../lib/http';

/** What the file dialog saves (administration.md §7: name, message, options, userId). */
export interface FileListForm {
  name: string;
  message: string;
  options: { id?: number; name: string }[];
  userId?: number;
}

/** One chosen file of the dialog and the option (saved first) it belongs to. */
export interface OptionFile {
  optionId: number;
  name: string;
  file: File;
}

export const filesApi = {
  page: searchPage<ListFilesResponse>('/files'),
  show: (id: number) => http.get<FileListDto>(`/files/${id}`),
  create: (body: FileListForm) => http.post<FileListDto>('/files', body),
  update: (id: number, body: FileListForm) => http.put<FileListDto>(`/files/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/files/${id}`),
  /** The spec's option upload: fileId, typeArch, then per file files, mediaType, name, id. */
  upload: (fileListId: number, files: OptionFile[]) => {
    const form = new FormData();
    form.append('fileId', String(fileListId));
    form.append('typeArch', 'fileList');
    for (const f of files) {
      form.append('files', f.file, f.file.name);
      form.append('mediaType', f.file.type);
      form.append('name', f.name);
      form.append('id', String(f.optionId));
    }
    return http.postForm<FileListDto>(`/files/uploadList/${fileListId}`, form);
  },
};
