import type { ContactOptOutDto } from '@balcao/shared';
import { http } from '../../../lib/http';

/** The opt-out ledger of one contact (issue 13 §6). */
export const optOutApi = {
  get: (contactId: number, signal?: AbortSignal) => http.get<ContactOptOutDto>(`/contacts/${contactId}/opt-out`, undefined, signal),
  optOut: (contactId: number) => http.put<ContactOptOutDto>(`/contacts/${contactId}/opt-out`),
  optIn: (contactId: number) => http.delete<ContactOptOutDto>(`/contacts/${contactId}/opt-out`),
};
