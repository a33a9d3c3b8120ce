import type { CompanyDto, CreateCompanyBody, HelpDto, LogoDestination, LogoUploadResponse, UpdateCompanyBody } from '@balcao/shared';
import { http } from '../../lib/http';

export const companiesApi = {
  list: () => http.get<CompanyDto[]>('/companies'),
  create: (body: Omit<CreateCompanyBody, 'recurrence' | 'status' | 'email' | 'phone'> & Partial<CreateCompanyBody>) => http.post<CompanyDto>('/companies', body),
  update: (id: number, body: UpdateCompanyBody) => http.put<CompanyDto>(`/companies/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/companies/${id}`),
};

export const helpsApi = {
  list: () => http.get<HelpDto[]>('/helps'),
  create: (body: { title: string; description: string; video: string }) => http.post<HelpDto>('/helps', body),
  update: (id: number, body: { title: string; description: string; video: string }) => http.put<HelpDto>(`/helps/${id}`, body),
  remove: (id: number) => http.delete<unknown>(`/helps/${id}`),
};

/** The spec's call: POST /settings/media-upload?ref={destination}, multipart with the file. */
export const uploadLogo = (ref: LogoDestination, file: File) => {
  const form = new FormData();
  form.append('typeArch', 'logo');
  form.append('file', file);
  return http.postForm<LogoUploadResponse>(`/settings/media-upload?ref=${ref}`, form);
};
