// The desktop-notify feature's texts (issue 27 §4): its sections of the catalogue in pt-BR, en and es.
// app/i18n/ composes every feature's; en and es are typed by pt-BR, so a missing key does not compile.
import type { Texts } from '../../app/i18n/texts';

export const ptBR = {
  desktopNotify: {
    pendingTitle: 'Novo atendimento aguardando: {{name}}',
    pendingFallback: 'Novo atendimento aguardando',
    messageFallback: 'Nova mensagem',
    chatTitle: '{{sender}} em {{title}}',
    announcementTitle: 'Informativo: {{title}}',
    slaWarningTitle: 'SLA perto de estourar: {{name}}',
    slaBreachTitle: 'SLA estourado: {{name}}',
    slaBody: '{{target}} — prazo {{due}}',
  },
};

export const en: Texts<typeof ptBR> = {
  desktopNotify: {
    pendingTitle: 'New ticket waiting: {{name}}',
    pendingFallback: 'New ticket waiting',
    messageFallback: 'New message',
    chatTitle: '{{sender}} in {{title}}',
    announcementTitle: 'Announcement: {{title}}',
    slaWarningTitle: 'SLA about to be breached: {{name}}',
    slaBreachTitle: 'SLA breached: {{name}}',
    slaBody: '{{target}} — due {{due}}',
  },
};

export const es: Texts<typeof ptBR> = {
  desktopNotify: {
    pendingTitle: 'Nuevo ticket esperando: {{name}}',
    pendingFallback: 'Nuevo ticket esperando',
    messageFallback: 'Nuevo mensaje',
    chatTitle: '{{sender}} en {{title}}',
    announcementTitle: 'Aviso: {{title}}',
    slaWarningTitle: 'SLA a punto de vencer: {{name}}',
    slaBreachTitle: 'SLA vencido: {{name}}',
    slaBody: '{{target}} — vence {{due}}',
  },
};
