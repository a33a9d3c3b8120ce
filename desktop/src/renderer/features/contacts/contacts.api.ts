import type { ContactDto, ContactUploadResponse, CreateContactBody, ListContactsResponse, PhoneImportProgress, UpdateContactBody } from '@balcao/shared';
import { apiBaseUrl } from '../../lib/apiBase';
import { ApiError, http, refreshSession } from '../../lib/http';
import { getToken } from '../../lib/session';

/** What the dialog sends. */
export type ContactForm = Pick<CreateContactBody, 'name' | 'number' | 'email' | 'extraInfo'>;

/**
 * One multipart POST through XMLHttpRequest, whose upload reports its progress (fetch cannot
 * over HTTP/1.1). Same session rules as every call: 403 → one refresh and one retry.
 */
const uploadWithProgress = <T>(path: string, form: FormData, onProgress: (percent: number) => void, retried = false): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBaseUrl().replace(/\/$/, '')}${path}`);
    xhr.withCredentials = true;
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined, 'network error'));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // Not JSON: keep the text.
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      if (xhr.status === 403 && !retried && getToken()) {
        void refreshSession().then((ok) => (ok ? uploadWithProgress<T>(path, form, onProgress, true).then(resolve, reject) : reject(new ApiError(403, body, 'forbidden'))));
        return;
      }
      reject(new ApiError(xhr.status, body, `HTTP ${xhr.status}`));
    };
    xhr.send(form);
  });

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
