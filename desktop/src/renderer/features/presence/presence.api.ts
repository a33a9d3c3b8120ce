import type { PresenceDto, SetPresenceBody } from '@balcao/shared';
import { http } from '../../lib/http';

/** The agent's own online / away toggle and the company's presence list (issue 30 §1; decision 0380). */
export const presenceApi = {
  set: (status: SetPresenceBody['status']) => http.put<PresenceDto>('/users/me/presence', { status }),
  list: () => http.get<PresenceDto[]>('/users/presence'),
};
