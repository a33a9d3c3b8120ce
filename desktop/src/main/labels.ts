// The few words main shows itself (tray menu, tooltip, overlay description); all other UI text
// lives in the renderer.
export interface Labels {
  open: string;
  pendingTickets: string;
  doNotDisturb: string;
  openAtLogin: string;
  quit: string;
  /** Tray tooltip: the app name, then what waits. */
  tooltip: (counts: { pending: number; unread: number }) => string;
  /** Accessible text of the Windows taskbar overlay. */
  overlay: (total: number) => string;
  /** The text fields' context menu (spelling suggestions and editing). */
  edit: { cut: string; copy: string; paste: string; selectAll: string; addToDictionary: string; noSuggestions: string };
}

const APP_NAME = 'Balcão';

function tooltipWith(pendingWord: (n: number) => string, unreadWord: (n: number) => string) {
  return ({ pending, unread }: { pending: number; unread: number }): string => {
    const parts = [pending > 0 ? pendingWord(pending) : '', unread > 0 ? unreadWord(unread) : ''].filter(Boolean);
    return parts.length > 0 ? `${APP_NAME} — ${parts.join(', ')}` : APP_NAME;
  };
}

const LABELS = {
  'pt-BR': {
    open: 'Abrir o Balcão',
    pendingTickets: 'Tickets aguardando',
    doNotDisturb: 'Não perturbe',
    openAtLogin: 'Iniciar com o computador',
    quit: 'Sair',
    tooltip: tooltipWith(
      (n) => `${n} aguardando`,
      (n) => `${n} ${n === 1 ? 'mensagem não lida' : 'mensagens não lidas'}`,
    ),
    overlay: (n) => `${n} aguardando`,
    edit: {
      cut: 'Recortar',
      copy: 'Copiar',
      paste: 'Colar',
      selectAll: 'Selecionar tudo',
      addToDictionary: 'Adicionar ao dicionário',
      noSuggestions: 'Nenhuma sugestão',
    },
  },
  en: {
    open: 'Open Balcão',
    pendingTickets: 'Waiting tickets',
    doNotDisturb: 'Do not disturb',
    openAtLogin: 'Start with the computer',
    quit: 'Quit',
    tooltip: tooltipWith(
      (n) => `${n} waiting`,
      (n) => `${n} unread ${n === 1 ? 'message' : 'messages'}`,
    ),
    overlay: (n) => `${n} waiting`,
    edit: {
      cut: 'Cut',
      copy: 'Copy',
      paste: 'Paste',
      selectAll: 'Select all',
      addToDictionary: 'Add to dictionary',
      noSuggestions: 'No suggestions',
    },
  },
  es: {
    open: 'Abrir Balcão',
    pendingTickets: 'Tickets en espera',
    doNotDisturb: 'No molestar',
    openAtLogin: 'Iniciar con el equipo',
    quit: 'Salir',
    tooltip: tooltipWith(
      (n) => `${n} en espera`,
      (n) => `${n} ${n === 1 ? 'mensaje no leído' : 'mensajes no leídos'}`,
    ),
    overlay: (n) => `${n} en espera`,
    edit: {
      cut: 'Cortar',
      copy: 'Copiar',
      paste: 'Pegar',
      selectAll: 'Seleccionar todo',
      addToDictionary: 'Añadir al diccionario',
      noSuggestions: 'Sin sugerencias',
    },
  },
} satisfies Record<string, Labels>;

/** Portuguese is the product's default and fallback language. */
export function labelsFor(locale: string): Labels {
  if (locale.startsWith('es')) return LABELS.es;
  if (locale.startsWith('en')) return LABELS.en;
  return LABELS['pt-BR'];
}
