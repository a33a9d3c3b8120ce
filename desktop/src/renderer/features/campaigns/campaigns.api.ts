import { CAMPAIGN_SETTINGS_DEFAULTS, campaignSettingsFromRows, type CampaignDto, type CampaignSettingRows, type CampaignSettingsDto, type ListCampaignsResponse, type ListTemplatesResponse, type SaveCampaignSettingsBody, type WhatsappDto } from '@balcao/shared';
import { http } from '../../lib/http';

/** A named option of the modal's selectors (lists, tags, file lists). */
export interface NamedOption {
  id: number;
  name: string;
}

/** What the modal's selectors offer; a source another screen owns may be missing: it is then empty. */
const orEmpty = async <T>(p: Promise<T[]>): Promise<T[]> => p.catch(() => []);

/** administration.md §7 "Campaigns". */
export const campaignsApi = {
  list: (q: { searchParam?: string; pageNumber?: number }) => http.get<ListCampaignsResponse>('/campaigns', q),
  show: (id: number) => http.get<CampaignDto>(`/campaigns/${id}`),
  create: (body: Record<string, unknown>) => http.post<CampaignDto>('/campaigns', body),
  update: (id: number, body: Record<string, unknown>) => http.put<CampaignDto>(`/campaigns/${id}`, body),
  remove: (id: number) => http.delete<{ message: string }>(`/campaigns/${id}`),
  cancel: (id: number) => http.post<CampaignDto>(`/campaigns/${id}/cancel`),
  restart: (id: number) => http.post<CampaignDto>(`/campaigns/${id}/restart`),
  upload: (id: number, file: File) => {
    const form = new FormData();
    form.append('typeArch', 'campaign');
    form.append('file', file);
    return http.postForm<CampaignDto>(`/campaigns/${id}/media-upload`, form);
  },
  removeMedia: (id: number) => http.delete<CampaignDto>(`/campaigns/${id}/media-upload`),
  /** The spec's rows of { key, value (JSON) } read back into the settings (decision 0276). */
  settings: async (): Promise<CampaignSettingsDto> =>
    campaignSettingsFromRows(await http.get<CampaignSettingRows>('/campaign-settings'), { ...CAMPAIGN_SETTINGS_DEFAULTS, variables: [] }),
  saveSettings: (settings: SaveCampaignSettingsBody['settings']) => http.post<CampaignSettingsDto>('/campaign-settings', { settings }),
  /** A Cloud API connection's Meta templates (decision 0451; `refresh` reads Meta again). */
  templates: (whatsappId: number, refresh = false) => http.get<ListTemplatesResponse>(`/whatsapp/${whatsappId}/templates`, refresh ? { refresh: true } : undefined),
  /** The modal's selectors. */
  options: async () => {
    const [whatsapps, contactLists, tags, fileLists] = await Promise.all([
      orEmpty(http.get<WhatsappDto[]>('/whatsapp')),
      orEmpty(http.get<NamedOption[]>('/contact-lists/list')),
      orEmpty(http.get<NamedOption[]>('/tags/list')),
      orEmpty(http.get<NamedOption[] | { files: NamedOption[] }>('/files/').then((r) => (Array.isArray(r) ? r : (r.files ?? [])))),
    ]);
    return { whatsapps: whatsapps.map((w) => ({ id: w.id, name: w.name, provider: w.provider })), contactLists, tags, fileLists };
  },
};
export type CampaignOptions = Awaited<ReturnType<typeof campaignsApi.options>>;
