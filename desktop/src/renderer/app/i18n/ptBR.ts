import { errorsPtBR } from './errors.ptBR';
import type { Texts } from './texts';
import { ptBR as announcements } from '../../features/announcements/announcements.texts';
import { ptBR as auth } from '../../features/auth/auth.texts';
import { ptBR as billing } from '../../features/billing/billing.texts';
import { ptBR as bot } from '../../features/bot/bot.texts';
import { ptBR as campaigns } from '../../features/campaigns/campaigns.texts';
import { ptBR as chats } from '../../features/chats/chats.texts';
import { ptBR as connections } from '../../features/connections/connections.texts';
import { ptBR as contactLists } from '../../features/contact-lists/contact-lists.texts';
import { ptBR as contacts } from '../../features/contacts/contacts.texts';
import { ptBR as dashboard } from '../../features/dashboard/dashboard.texts';
import { ptBR as desktopApp } from '../../features/desktop-app/desktop-app.texts';
import { ptBR as desktopNotify } from '../../features/desktop-notify/desktop-notify.texts';
import { ptBR as files } from '../../features/files/files.texts';
import { ptBR as helps } from '../../features/helps/helps.texts';
import { ptBR as kanban } from '../../features/kanban/kanban.texts';
import { ptBR as messages } from '../../features/messages/messages.texts';
import { ptBR as messagesApi } from '../../features/messages-api/messages-api.texts';
import { ptBR as plans } from '../../features/plans/plans.texts';
import { ptBR as prompts } from '../../features/prompts/prompts.texts';
import { ptBR as queueIntegrations } from '../../features/queue-integrations/queue-integrations.texts';
import { ptBR as queues } from '../../features/queues/queues.texts';
import { ptBR as quickMessages } from '../../features/quick-messages/quick-messages.texts';
import { ptBR as saasAdmin } from '../../features/saas-admin/saas-admin.texts';
import { ptBR as schedules } from '../../features/schedules/schedules.texts';
import { ptBR as settings } from '../../features/settings/settings.texts';
import { ptBR as simulator } from '../../features/simulator/simulator.texts';
import { ptBR as tags } from '../../features/tags/tags.texts';
import { ptBR as tagsAdmin } from '../../features/tags-admin/tags-admin.texts';
import { ptBR as tickets } from '../../features/tickets/tickets.texts';
import { ptBR as todo } from '../../features/todo/todo.texts';
import { ptBR as usersAdmin } from '../../features/users-admin/users-admin.texts';
import { ptBR as webhooks } from '../../features/webhooks/webhooks.texts';

export const ptBR = {
  common: {
    loading: 'Carregando...',
    cancel: 'Cancelar',
    confirm: 'Confirmar',
    send: 'Enviar',
    loadMore: 'Carregar mais',
    noRecords: 'Nenhum registro',
    version: 'Versão {{version}}',
  },
  menu: {
    attendance: 'Atendimento',
    management: 'Gerência',
    campaigns: 'Campanhas',
    administration: 'Administração',
    dashboard: 'Dashboard',
    tickets: 'Atendimentos',
    quickMessages: 'Respostas Rápidas',
    kanban: 'Kanban',
    todolist: 'Tarefas',
    contacts: 'Contatos',
    schedules: 'Agendamentos',
    tags: 'Tags',
    chats: 'Chat Interno',
    helps: 'Ajuda',
    campaignsList: 'Listagem',
    contactLists: 'Listas de Contatos',
    campaignsConfig: 'Configurações',
    announcements: 'Informativos',
    prompts: 'Open.Ai',
    integrations: 'Integrações',
    connections: 'Conexões',
    files: 'Lista de arquivos',
    queues: 'Filas & Chatbot',
    users: 'Usuários',
    messagesApi: 'API',
    financeiro: 'Financeiro',
    settings: 'Configurações',
    simulator: 'Simulador',
    logout: 'Sair',
  },
  header: {
    greeting: 'Olá, {{name}}, seja bem-vindo a {{company}}',
    activeUntil: 'Ativo até {{date}}',
    darkTheme: 'Tema escuro',
    lightTheme: 'Tema claro',
    refresh: 'Atualizar',
    language: 'Idioma',
  },
  topbar: {
    notifications: 'Notificações',
    noNotifications: 'Nenhuma notificação',
    volume: 'Volume',
    simulator: 'Simulador',
    profile: 'Perfil',
    user: {
      title: 'Editar usuário',
      name: 'Nome',
      email: 'Email',
      password: 'Senha',
      passwordHint: 'Deixe em branco para manter a atual',
      profile: 'Perfil',
      profiles: { admin: 'Administrador', supervisor: 'Supervisor', user: 'Usuário' },
      queues: 'Filas',
      whatsapp: 'Conexão padrão',
      noWhatsapp: 'Nenhuma',
      allTicket: 'Visualizar chamados sem fila',
      enabled: 'Habilitado',
      disabled: 'Desabilitado',
      save: 'Salvar',
      saved: 'Usuário salvo com sucesso!',
    },
  },
  errors: errorsPtBR,
  ...announcements,
  ...auth,
  ...billing,
  ...bot,
  ...campaigns,
  ...chats,
  ...connections,
  ...contactLists,
  ...contacts,
  ...dashboard,
  ...desktopApp,
  ...desktopNotify,
  ...files,
  ...helps,
  ...kanban,
  ...messages,
  ...messagesApi,
  ...plans,
  ...prompts,
  ...queueIntegrations,
  ...queues,
  ...quickMessages,
  ...saasAdmin,
  ...schedules,
  ...settings,
  ...simulator,
  ...tags,
  ...tagsAdmin,
  ...tickets,
  ...todo,
  ...usersAdmin,
  ...webhooks,
};

/** Same keys in every language, any wording. */
export type Catalogue = Texts<typeof ptBR>;
