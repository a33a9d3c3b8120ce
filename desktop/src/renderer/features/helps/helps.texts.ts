// The helps feature's texts (issue 27 §4): its sections of the catalogue in pt-BR, en and es.
// app/i18n/ composes every feature's; en and es are typed by pt-BR, so a missing key does not compile.
import type { Texts } from '../../app/i18n/texts';

export const ptBR = {
  helps: {
    title: 'Ajuda',
    titleCount: 'Ajuda ({{count}})',
    empty: 'Nenhum registro',
    loadFailed: 'Não foi possível carregar a lista de registros',
    play: 'Assistir: {{title}}',
    close: 'Fechar',
  },
};

export const en: Texts<typeof ptBR> = {
  helps: {
    title: 'Help',
    titleCount: 'Help ({{count}})',
    empty: 'No records',
    loadFailed: 'Could not load the list of records',
    play: 'Watch: {{title}}',
    close: 'Close',
  },
};

export const es: Texts<typeof ptBR> = {
  helps: {
    title: 'Ayuda',
    titleCount: 'Ayuda ({{count}})',
    empty: 'Ningún registro',
    loadFailed: 'No se pudo cargar la lista de registros',
    play: 'Ver: {{title}}',
    close: 'Cerrar',
  },
};
