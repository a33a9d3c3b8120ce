// The tags feature's texts (issue 27 §4): its sections of the catalogue in pt-BR, en and es.
// app/i18n/ composes every feature's; en and es are typed by pt-BR, so a missing key does not compile.
import type { Texts } from '../../app/i18n/texts';

export const ptBR = {
  tags: {
    label: 'Etiquetas do ticket',
    placeholder: 'Etiquetas',
    empty: 'Digite para criar uma etiqueta',
    created: 'Etiqueta criada: {{name}}',
    tooShort: 'Mensagem muito curta',
  },
};

export const en: Texts<typeof ptBR> = {
  tags: {
    label: 'Ticket tags',
    placeholder: 'Tags',
    empty: 'Type to create a tag',
    created: 'Tag created: {{name}}',
    tooShort: 'Message too short',
  },
};

export const es: Texts<typeof ptBR> = {
  tags: {
    label: 'Etiquetas del ticket',
    placeholder: 'Etiquetas',
    empty: 'Escriba para crear una etiqueta',
    created: 'Etiqueta creada: {{name}}',
    tooShort: 'Mensaje muy corto',
  },
};
