import type { QuickMessageDto } from '@balcao/shared';
import { http } from '../../../lib/http';

/** The quick replies the agent may use (the server picks: general ones plus their own). */
export const quickRepliesApi = {
  list: () => http.get<QuickMessageDto[]>('/quick-messages/list'),
  /** A media quick reply's file, fetched with the session like any media. */
  media: (id: number) => http.getBlob(`/quick-messages/${id}/media`),
};
