import type { QuickMessageDto } from '@balcao/shared';
import { createPagedList } from '../../lib/paged-list';
import { quickMessagesApi } from './quick-messages.api';
import { removeRecord, upsertRecord } from './quick-messages.logic';

/** The /quick-messages table: searched, paged ("Carregar mais") and live. */
export const useQuickMessages = createPagedList<QuickMessageDto>({
  fetch: (search, page) => quickMessagesApi.page(search, page),
  place: (list, q, search) => upsertRecord(list, q, search),
  drop: removeRecord,
});
