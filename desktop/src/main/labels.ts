// The few words main shows itself (tray menu and tooltip); all other UI text lives in the renderer.
export interface Labels {
  show: string;
  quit: string;
  tooltip: (count: number) => string;
}

const APP_NAME = 'Balcão';
const withCount = (noun: string) => (count: number) => (count > 0 ? `${APP_NAME} — ${count} ${noun}` : APP_NAME);

const LABELS = {
  'pt-BR': { show: 'Mostrar', quit: 'Sair', tooltip: withCount('aguardando') },
  en: { show: 'Show', quit: 'Quit', tooltip: withCount('waiting') },
  es: { show: 'Mostrar', quit: 'Salir', tooltip: withCount('en espera') },
} satisfies Record<string, Labels>;

/** Portuguese is the product's default and fallback language. */
export function labelsFor(locale: string): Labels {
  if (locale.startsWith('es')) return LABELS.es;
  if (locale.startsWith('en')) return LABELS.en;
  return LABELS['pt-BR'];
}
