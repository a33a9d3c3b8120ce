import type { ContactDto, ContactUploadResponse, CreateContactBody, ListContactsResponse, PhoneImportProgress, UpdateContactBody } from '@balcao/shared';
import { http, uploadWithProgress } from '../../lib/http';

/** What the dialog sends. */
export type ContactForm = Pick<CreateContactBody, 'name' | 'number' | 'email' | 'extraInfo'>;

export const contactsApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    http.get<ListContactsResponse>('/contacts', { searchParam: searchParam || undefined, pageNumber }, signal),
  /** Every contact of the company (the CSV export). */
  all: () => http.get<ContactDto[]>('/contacts/list'),
  show: (id: number) => http.get<ContactDto>(`/contacts/${id}`),
  create: (body: ContactForm) => http.post<ContactDto>('/contacts', body),
  update: (id: number, body: UpdateContactBody) => http.put<ContactDto>(`/contacts/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/contacts/${id}`),
  /** Imports the phone's address book (the default connected connection's) as a job; the answer is where it stands. */
  importFromPhone: (whatsappId?: number) => http.post<PhoneImportProgress>('/contacts/import', whatsappId ? { whatsappId } : {}),
  upload: (file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return uploadWithProgress<ContactUploadResponse>('/contacts/upload', form, onProgress);
  },
};
