import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import ptBRLocale from 'antd/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { bindToastApi } from '../lib/toast';
import { useMediaQuery } from '../lib/useMediaQuery';
import { i18n } from './i18n/i18n';
import { useTheme } from './theme.store';

const antdLocales = { 'pt-BR': ptBRLocale, en: enUS, es: esES } as const;
const dayjsLocales = { 'pt-BR': 'pt-br', en: 'en', es: 'es' } as const;
type Lang = keyof typeof antdLocales;

// antd derives greyish tints from a dark green; light mode gets clearer ones (selection, own bubbles).
const lightTints = {
  colorPrimaryBg: '#e2f3ef',
  colorPrimaryBgHover: '#cdeae3',
  controlItemBgActive: '#e2f3ef',
  controlItemBgActiveHover: '#cdeae3',
};

const ToastBinder = () => {
  const { message, notification } = AntApp.useApp();
  useEffect(() => {
    bindToastApi({
      notify: (n) => notification[n.type]({ key: n.key, title: n.title, description: n.description, duration: 0, placement: 'topRight' }),
      success: (text, d) => message.success(text, d),
      error: (text, d) => message.error(text, d),
      warning: (text, d) => message.warning(text, d),
      info: (text, d) => message.info(text, d),
    });
    return () => bindToastApi(null);
  }, [message, notification]);
  return null;
};

const Themed = ({ children }: { children: ReactNode }) => {
  const mode = useTheme((s) => s.mode);
  const { i18n: current } = useTranslation();
  const lang: Lang = current.language in antdLocales ? (current.language as Lang) : 'pt-BR';
  // Asked for less motion (the system's accessibility setting): antd's dialogs, menus and toasts
  // appear and leave at once. Without their zoom, a dialog also takes focus (and Escape) at once.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  useEffect(() => {
    dayjs.locale(dayjsLocales[lang]);
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <ConfigProvider
      locale={antdLocales[lang]}
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: '#1f7a6d', borderRadius: 8, motion: !reducedMotion, ...(mode === 'light' ? lightTints : {}) },
      }}
    >
      <AntApp style={{ height: '100%' }}>
        <ToastBinder />
        {children}
      </AntApp>
    </ConfigProvider>
  );
};

export const Providers = ({ children }: { children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <Themed>{children}</Themed>
  </I18nextProvider>
);
