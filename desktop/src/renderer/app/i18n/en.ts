import type { Catalogue } from './ptBR';
import { errorsEn } from './errors.en';
import { en as announcements } from '../../features/announcements/announcements.texts';
import { en as auth } from '../../features/auth/auth.texts';
import { en as billing } from '../../features/billing/billing.texts';
import { en as bot } from '../../features/bot/bot.texts';
import { en as campaigns } from '../../features/campaigns/campaigns.texts';
import { en as chats } from '../../features/chats/chats.texts';
import { en as connections } from '../../features/connections/connections.texts';
import { en as contactLists } from '../../features/contact-lists/contact-lists.texts';
import { en as contacts } from '../../features/contacts/contacts.texts';
import { en as dashboard } from '../../features/dashboard/dashboard.texts';
import { en as desktopApp } from '../../features/desktop-app/desktop-app.texts';
import { en as desktopNotify } from '../../features/desktop-notify/desktop-notify.texts';
import { en as files } from '../../features/files/files.texts';
import { en as helps } from '../../features/helps/helps.texts';
import { en as kanban } from '../../features/kanban/kanban.texts';
import { en as messages } from '../../features/messages/messages.texts';
import { en as messagesApi } from '../../features/messages-api/messages-api.texts';
import { en as plans } from '../../features/plans/plans.texts';
import { en as prompts } from '../../features/prompts/prompts.texts';
import { en as queueIntegrations } from '../../features/queue-integrations/queue-integrations.texts';
import { en as queues } from '../../features/queues/queues.texts';
import { en as quickMessages } from '../../features/quick-messages/quick-messages.texts';
import { en as saasAdmin } from '../../features/saas-admin/saas-admin.texts';
import { en as schedules } from '../../features/schedules/schedules.texts';
import { en as settings } from '../../features/settings/settings.texts';
import { en as simulator } from '../../features/simulator/simulator.texts';
import { en as tags } from '../../features/tags/tags.texts';
import { en as tagsAdmin } from '../../features/tags-admin/tags-admin.texts';
import { en as tickets } from '../../features/tickets/tickets.texts';
import { en as todo } from '../../features/todo/todo.texts';
import { en as usersAdmin } from '../../features/users-admin/users-admin.texts';
import { en as webhooks } from '../../features/webhooks/webhooks.texts';

export const en: Catalogue = {
  common: {
    loading: 'Loading...',
    cancel: 'Cancel',
    confirm: 'Confirm',
    send: 'Send',
    loadMore: 'Load more',
    noRecords: 'No records',
    version: 'Version {{version}}',
  },
  menu: {
    attendance: 'Attendance',
    management: 'Management',
    campaigns: 'Campaigns',
    administration: 'Administration',
    dashboard: 'Dashboard',
    tickets: 'Tickets',
    quickMessages: 'Quick replies',
    kanban: 'Kanban',
    todolist: 'To-do',
    contacts: 'Contacts',
    schedules: 'Schedules',
    tags: 'Tags',
    chats: 'Internal chat',
    helps: 'Help',
    campaignsList: 'List',
    contactLists: 'Contact lists',
    campaignsConfig: 'Settings',
    announcements: 'Announcements',
    prompts: 'Open.Ai',
    integrations: 'Integrations',
    connections: 'Connections',
    files: 'Files',
    queues: 'Queues & Chatbot',
    users: 'Users',
    messagesApi: 'API',
    financeiro: 'Billing',
    settings: 'Settings',
    simulator: 'Simulator',
    logout: 'Log out',
  },
  header: {
    greeting: 'Hello, {{name}}, welcome to {{company}}',
    activeUntil: 'Active until {{date}}',
    darkTheme: 'Dark theme',
    lightTheme: 'Light theme',
    refresh: 'Refresh',
    language: 'Language',
  },
  topbar: {
    notifications: 'Notifications',
    noNotifications: 'No notifications',
    volume: 'Volume',
    simulator: 'Simulator',
    profile: 'Profile',
    user: {
      title: 'Edit user',
      name: 'Name',
      email: 'Email',
      password: 'Password',
      passwordHint: 'Leave blank to keep the current one',
      profile: 'Profile',
      profiles: { admin: 'Admin', supervisor: 'Supervisor', user: 'User' },
      queues: 'Queues',
      whatsapp: 'Default connection',
      noWhatsapp: 'None',
      allTicket: 'See tickets without a queue',
      enabled: 'Enabled',
      disabled: 'Disabled',
      save: 'Save',
      saved: 'User saved successfully!',
    },
  },
  errors: errorsEn,
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
