import type { Tx } from '../../db/client';
import { companiesQueries } from '../companies';
import { periodsOfSchedule, type BusinessCalendar } from './business-time';
import * as repo from './sla.repository';

/**
 * The company's business calendar (decision 0395): its SLA periods and holidays, else its working
 * hours (`companies.schedules`), in its time zone; no period at all is around the clock. The SLA
 * clocks and the quality report's business minutes (decision 0433) count in the same one.
 */
export const calendar = async (tx: Tx, companyId: number): Promise<BusinessCalendar> => {
  const [hours, company] = [await repo.hours(tx, companyId), await companiesQueries.get(tx, companyId)];
  const periods = hours.periods.length > 0 ? hours.periods : periodsOfSchedule(company?.schedules ?? []);
  return { timeZone: company?.timezone ?? 'America/Sao_Paulo', periods, holidays: hours.holidays };
};

/** Whether a calendar is open around the clock every day (business time is wall-clock time). */
export const aroundTheClock = (cal: BusinessCalendar): boolean => cal.periods.length === 0 && cal.holidays.length === 0;
