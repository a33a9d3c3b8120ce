import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { es } from './es';
import { ptBR } from './ptBR';

export const languages = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof languages)[number];

const LANGUAGE_KEY = 'i18nextLng';

const storedLanguage = (): Language => {
  const raw = localStorage.getItem(LANGUAGE_KEY);
  return (languages as readonly string[]).includes(raw ?? '') ? (raw as Language) : 'pt-BR';
};

void i18n.use(initReactI18next).init({
  resources: { 'pt-BR': { translation: ptBR }, en: { translation: en }, es: { translation: es } },
  lng: storedLanguage(),
  fallbackLng: 'pt-BR',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const setLanguage = (lng: Language): void => {
  localStorage.setItem(LANGUAGE_KEY, lng);
  void i18n.changeLanguage(lng);
};

export { i18n };
