import type { CompanyPlanDto, InvoiceListResponse, SubscriptionBody, SubscriptionResponse, SubscriptionStatusResponse } from '@balcao/shared';
import { http, searchPage } from '../../lib/http';

export const billingApi = {
  /** The spec's `GET /invoices/all` (searchParam, pageNumber → list, hasMore). */
  invoices: searchPage<InvoiceListResponse>('/invoices/all'),
  /** What /subscription shows: trial days, billing e-mail, the invoice 'Assine Agora!' pays. */
  status: () => http.get<SubscriptionStatusResponse>('/subscription'),
  /** The PIX charge of one invoice; the server charges that invoice's own value. */
  subscribe: (body: SubscriptionBody) => http.post<SubscriptionResponse>('/subscription', body),
  /** The company's plan (the checkout's 'Personalizar' step). */
  plan: (companyId: number) => http.get<CompanyPlanDto>(`/companies/listPlan/${companyId}`),
};
