import type {
  ContactListDto,
  ContactListItemDto,
  ContactListUploadResponse,
  ListContactListItemsResponse,
  ListContactListsResponse,
} from '@balcao/shared';
import { http, uploadWithProgress, searchPage } from '../../lib/http';

/** What the item dialog sends. */
export interface ContactListItemForm {
  name: string;
  number: string;
  email: string;
}

export const contactListsApi = {
  page: searchPage<ListContactListsResponse>('/contact-lists'),
  show: (id: number) => http.get<ContactListDto>(`/contact-lists/${id}`),
  create: (name: string) => http.post<ContactListDto>('/contact-lists', { name }),
  update: (id: number, name: string) => http.put<ContactListDto>(`/contact-lists/${id}`, { name }),
  remove: (id: number) => http.delete<unknown>(`/contact-lists/${id}`),
  /** The example sheet, its header in the UI's language. */
  example: (language: string) => http.getBlob(`/contact-lists/example.xlsx?language=${encodeURIComponent(language)}`),
  upload: (id: number, file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return uploadWithProgress<ContactListUploadResponse>(`/contact-lists/${id}/upload`, form, onProgress);
  },
  items: (contactListId: number, searchParam: string, pageNumber: number) =>
    http.get<ListContactListItemsResponse>('/contact-list-items', { contactListId, searchParam: searchParam || undefined, pageNumber }),
  createItem: (contactListId: number, body: ContactListItemForm) => http.post<ContactListItemDto>('/contact-list-items', { ...body, contactListId }),
  updateItem: (id: number, body: ContactListItemForm) => http.put<ContactListItemDto>(`/contact-list-items/${id}`, body),
  removeItem: (id: number) => http.delete<unknown>(`/contact-list-items/${id}`),
};
