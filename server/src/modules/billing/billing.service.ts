/**
 * Billing (issue 14 §7–8; decisions 0280–0284): the company's invoices, the PIX checkout through
 * the payment provider, the provider's webhook, the daily invoice job.
 */
import { can, type InvoiceDto, type InvoiceListResponse, type InvoicesQuery, type PaymentEvent, type SubscriptionBody, type SubscriptionResponse, type SubscriptionStatusResponse } from '@balcao/shared';
import type { Tx } from '../../db/client';
import { systemCtx, type Ctx, type DataAccess } from '../../db/tenant';
import { AppError, found } from '../../infra/errors';
import { daysBetween } from '../../infra/clock';
import { auditQueries } from '../audit';
import { companiesWrites } from '../companies';
import * as repo from './invoices.repository';
import { ProviderError, type PaymentProvider, type WebhookRequest } from './provider';

export interface BillingDeps {
  data: DataAccess;
  provider: PaymentProvider;
  /** Providers a webhook may name (the configured one; the sandbox's stays reachable for its own charges). */
  providers: Record<string, PaymentProvider>;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Who sees invoices: the company's admins theirs (even overdue: decision 0280), the super user everyone's. */
const scope = (ctx: Ctx): number | undefined => {
  if (can(ctx, 'billing:viewAll')) return undefined;
  if (!can(ctx, 'billing:manage')) throw new AppError('ERR_NO_PERMISSION');
  return ctx.companyId;
};

const providerFailed = (err: unknown): never => {
  if (err instanceof ProviderError) throw new AppError('ERR_PAYMENT_PROVIDER', undefined, { reason: err.reason });
  throw err;
};

export type WebhookOutcome = 'applied' | 'replayed' | 'already-paid' | 'ignored';

export const createBillingService = (deps: BillingDeps) => {
  const log = deps.log ?? { warn: () => undefined, info: () => undefined };
  const read = <T>(ctx: Ctx, fn: (tx: Tx, companyId: number | undefined) => Promise<T>): Promise<T> => {
    const companyId = scope(ctx);
    return companyId === undefined ? deps.data.withSystem('companies:super', ({ tx }) => fn(tx, undefined)) : deps.data.withTenant(ctx, ({ tx }) => fn(tx, companyId));
  };

  return {
    /** GET /invoices/all: one page (20), newest due date first; `list, hasMore` as the spec's client reads. */
    async list(ctx: Ctx, q: InvoicesQuery): Promise<InvoiceListResponse> {
      // An admin opening billing (an overdue one in the billing-only session above all) finds the
      // current period's invoice there to pay, not tomorrow after the job (issue 28 §1).
      const own = scope(ctx);
      if (own !== undefined) await deps.data.withSystem('billing:invoices', ({ tx }) => repo.ensureCurrent(tx, own));
      const { rows, count } = await read(ctx, (tx, companyId) => repo.page(tx, companyId, q.searchParam, q.pageNumber));
      return { list: rows.map(repo.toDto), hasMore: q.pageNumber * repo.INVOICE_PAGE_SIZE < count, count };
    },

    async show(ctx: Ctx, id: number): Promise<InvoiceDto> {
      const row = found(await read(ctx, (tx, companyId) => repo.get(tx, companyId, id)), 'ERR_NO_INVOICE_FOUND');
      return repo.toDto(row);
    },

    /** GET /subscription: the company's licence as /subscription and the overdue screens show it. */
    async status(ctx: Ctx): Promise<SubscriptionStatusResponse> {
      if (!can(ctx, 'billing:manage')) throw new AppError('ERR_NO_PERMISSION');
      return deps.data.withTenant(ctx, async ({ tx }) => {
        const c = found(await repo.company(tx, ctx.companyId), 'ERR_NO_COMPANY_FOUND');
        const open = await repo.oldestOpen(tx, ctx.companyId);
        const daysLeft = daysBetween(c.today, c.dueDate);
        const trialDaysLeft = c.trialExpiration ? Math.max(0, daysBetween(c.today, c.trialExpiration)) : 0;
        return {
          companyId: c.id,
          email: c.email,
          dueDate: c.dueDate,
          trialExpiration: c.trialExpiration,
          recurrence: c.recurrence,
          daysLeft,
          trialDaysLeft,
          overdue: daysLeft < 0,
          billingOnly: ctx.billingOnly === true,
          openInvoice: open ? repo.toDto(open) : null,
        };
      });
    },

    /**
     * POST /subscription: a PIX charge of the invoice's own value through the provider. The
     * invoice row is locked while the provider answers (bounded), so two clicks make one charge;
     * an invoice with a live charge of this provider gets that charge back.
     */
    async subscribe(ctx: Ctx, body: SubscriptionBody): Promise<SubscriptionResponse> {
      if (!can(ctx, 'billing:manage')) throw new AppError('ERR_NO_PERMISSION');
      const { provider } = deps;
      return deps.data.withTenant(ctx, async ({ tx }) => {
        const invoice = found(await repo.get(tx, ctx.companyId, body.invoiceId, true), 'ERR_NO_INVOICE_FOUND');
        if (invoice.status === 'paid') throw new AppError('ERR_INVOICE_ALREADY_PAID');
        const value = Number(invoice.value);
        const answer = (chargeId: string, pixCode: string, qrImage: string, expiresAt: Date): SubscriptionResponse => ({
          chargeId,
          invoiceId: invoice.id,
          provider: provider.name,
          qrcode: { qrcode: pixCode, imagemQrcode: qrImage },
          valor: { original: value.toFixed(2) },
          expiresAt: expiresAt.toISOString(),
        });
        if (invoice.chargeId && invoice.pixCode && invoice.provider === provider.name) {
          const state = await provider.getCharge(invoice.chargeId).catch(providerFailed);
          if (state.status === 'pending' || state.status === 'paid') return answer(invoice.chargeId, invoice.pixCode, '', new Date(Date.now() + 3_600_000));
        }
        const c = found(await repo.company(tx, ctx.companyId), 'ERR_NO_COMPANY_FOUND');
        const payerName = [body.firstName, body.lastName].filter(Boolean).join(' ');
        const charge = await provider
          .createCharge({
            invoice: { id: invoice.id, companyId: invoice.companyId, value, dueDate: invoice.dueDate, detail: invoice.detail },
            company: { id: c.id, name: c.name, email: c.email, phone: c.phone },
            payer: { name: payerName || undefined, cpfCnpj: body.cpfCnpj || undefined, address: body.address2, city: body.city, state: body.state, zipcode: body.zipcode },
          })
          .catch(providerFailed);
        if (Math.round(charge.value * 100) !== Math.round(value * 100)) {
          log.warn({ invoiceId: invoice.id, chargeId: charge.chargeId, value, charged: charge.value }, 'provider charged another value');
          throw new AppError('ERR_PAYMENT_PROVIDER', undefined, { reason: 'value mismatch' });
        }
        await repo.setCharge(tx, ctx.companyId, invoice.id, provider.name, charge.chargeId, charge.pixCode);
        return answer(charge.chargeId, charge.pixCode, charge.qrImage ?? '', charge.expiresAt);
      });
    },

    /**
     * POST /subscription/webhook/:provider. Authenticated by the provider's token (else 401 and
     * nothing changes); the body only names the event and the charge — the charge's status and
     * value are asked of the provider. Applied once: the event is recorded (unique per provider)
     * in the same transaction that marks the invoice paid and moves the due date on, with the
     * invoice row locked so two events of one charge advance it once.
     */
    async webhook(providerName: string, req: WebhookRequest): Promise<WebhookOutcome> {
      const provider = deps.providers[providerName];
      if (!provider || !provider.verifyWebhook(req)) throw new AppError('ERR_INVALID_WEBHOOK');
      const notice = provider.parseWebhook(req.body);
      if (!notice) return 'ignored';
      const invoice = await deps.data.withSystem('billing:webhook', ({ tx }) => repo.byCharge(tx, provider.name, notice.chargeId));
      if (!invoice) {
        log.warn({ provider: provider.name, chargeId: notice.chargeId }, 'payment webhook for an unknown charge');
        return 'ignored';
      }
      const state = await provider.getCharge(notice.chargeId).catch(providerFailed);
      if (state.status !== 'paid') return 'ignored';
      const due = Math.round(Number(invoice.value) * 100);
      if (Math.round(state.value * 100) < due) {
        log.warn({ invoiceId: invoice.id, chargeId: notice.chargeId, paid: state.value }, 'charge paid below the invoice value: not applied');
        return 'ignored';
      }
      return deps.data.withSystem('billing:webhook', async ({ tx, stage }): Promise<WebhookOutcome> => {
        // One lock order for every delivery: the company row (no key update: the events' and
        // invoices' foreign keys only share its key), then the event, then the invoice.
        const company = await repo.company(tx, invoice.companyId, true);
        if (!company) return 'ignored';
        const fresh = await repo.recordEvent(tx, { companyId: invoice.companyId, provider: provider.name, eventId: notice.eventId, chargeId: notice.chargeId, invoiceId: invoice.id });
        if (!fresh) return 'replayed';
        const locked = await repo.get(tx, invoice.companyId, invoice.id, true);
        if (!locked || locked.status === 'paid' || locked.chargeId !== notice.chargeId) return 'already-paid';
        const paidAt = state.paidAt ?? new Date();
        await repo.markPaid(tx, invoice.companyId, invoice.id, paidAt);
        const dueDate = await companiesWrites.advanceDueDate(tx, invoice.companyId, locked.dueDate, repo.recurrenceMonths(company.recurrence));
        // The next period's invoice, if its date is already within the lead days (a late payment).
        await repo.ensureCurrent(tx, invoice.companyId);
        const actor = systemCtx(invoice.companyId);
        await auditQueries.record(tx, actor, { entity: 'invoice', entityId: invoice.id, action: 'update', before: { status: 'open' }, after: { status: 'paid', provider: provider.name, chargeId: notice.chargeId, eventId: notice.eventId } });
        await auditQueries.record(tx, actor, { entity: 'company', entityId: invoice.companyId, action: 'update', before: { dueDate: company.dueDate }, after: { dueDate } });
        const payment: PaymentEvent = { action: 'CONCLUIDA', company: { id: invoice.companyId, dueDate }, invoice: { id: invoice.id, value: Number(invoice.value), paidAt: paidAt.toISOString() } };
        stage({ type: 'payment.confirmed', companyId: invoice.companyId, payment });
        log.info({ invoiceId: invoice.id, companyId: invoice.companyId, dueDate }, 'invoice paid');
        return 'applied';
      });
    },

    /** The daily job: every company's invoice of its coming period, in bounded batches. */
    async generateInvoices(batch = repo.INVOICE_JOB_BATCH, maxBatches = 1000): Promise<{ companies: number; created: number }> {
      let afterId = 0;
      let companies = 0;
      let created = 0;
      for (let i = 0; i < maxBatches; i++) {
        const r = await deps.data.withSystem('billing:invoices', ({ tx }) => repo.generateBatch(tx, afterId, batch));
        companies += r.scanned;
        created += r.created;
        if (r.scanned < batch) break;
        afterId = r.lastId;
      }
      return { companies, created };
    },
  };
};

export type BillingService = ReturnType<typeof createBillingService>;
