import { create } from 'zustand';
import { CompaniesTab, CompanyForm, HelpsTab, LogoTab } from '../../saas-admin';
import type { SettingsTab } from './types';

/** Bumped when 'Cadastrar Empresa' saves: the 'Empresas' table reloads. */
const useCompaniesVersion = create<{ n: number }>(() => ({ n: 0 }));

/** The super user's tabs of issue 14 §4 (administration.md §6: Logo, Empresas, Cadastrar Empresa, Ajuda). */
export const logoTab: SettingsTab = {
  key: 'logo',
  label: (t) => t('saasAdmin.tabs.logo'),
  visible: (ctx) => ctx.isSuper,
  Component: ({ ctx }) => <LogoTab isSuper={ctx.isSuper} />,
};

const CompaniesPane = () => <CompaniesTab reloadKey={useCompaniesVersion((s) => s.n)} />;

export const companiesTab: SettingsTab = {
  key: 'companies',
  label: (t) => t('saasAdmin.tabs.companies'),
  visible: (ctx) => ctx.isSuper,
  Component: CompaniesPane,
};

export const newCompanyTab: SettingsTab = {
  key: 'newCompany',
  label: (t) => t('saasAdmin.tabs.newCompany'),
  visible: (ctx) => ctx.isSuper,
  Component: () => <CompanyForm record={null} onSaved={() => useCompaniesVersion.setState((s) => ({ n: s.n + 1 }))} />,
};

export const helpsTab: SettingsTab = {
  key: 'helps',
  label: (t) => t('saasAdmin.tabs.helps'),
  visible: (ctx) => ctx.isSuper,
  Component: () => <HelpsTab />,
};
