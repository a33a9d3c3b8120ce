import type { InvoiceDto } from '@balcao/shared';
import { createPagedList } from '../../lib/paged-list';
import { billingApi } from './billing.api';
import { dropInvoice, placeInvoice } from './billing.logic';

/** The /financeiro table: paged (infinite scroll); reloaded when a payment is confirmed. */
export const useInvoices = createPagedList<InvoiceDto>({
  fetch: async (search, page) => {
    const r = await billingApi.invoices(search, page);
    return { records: r.list, count: r.count, hasMore: r.hasMore };
  },
  place: placeInvoice,
  drop: dropInvoice,
});
