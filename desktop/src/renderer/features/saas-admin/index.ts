// The super user's administration (issue 14 §4–5): the /settings tabs Logo, Empresas, Cadastrar Empresa and Ajuda.
export { LogoTab } from './LogoTab';
export { CompaniesTab } from './CompaniesTab';
export { CompanyForm } from './CompanyForm';
export { HelpsTab } from './HelpsTab';
