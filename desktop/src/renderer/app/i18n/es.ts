import type { Catalogue } from './ptBR';
import { errorsEs } from './errors.es';
import { es as announcements } from '../../features/announcements/announcements.texts';
import { es as auth } from '../../features/auth/auth.texts';
import { es as billing } from '../../features/billing/billing.texts';
import { es as bot } from '../../features/bot/bot.texts';
import { es as campaigns } from '../../features/campaigns/campaigns.texts';
import { es as chats } from '../../features/chats/chats.texts';
import { es as connections } from '../../features/connections/connections.texts';
import { es as contactLists } from '../../features/contact-lists/contact-lists.texts';
import { es as contacts } from '../../features/contacts/contacts.texts';
import { es as dashboard } from '../../features/dashboard/dashboard.texts';
import { es as desktopApp } from '../../features/desktop-app/desktop-app.texts';
import { es as desktopNotify } from '../../features/desktop-notify/desktop-notify.texts';
import { es as files } from '../../features/files/files.texts';
import { es as helps } from '../../features/helps/helps.texts';
import { es as kanban } from '../../features/kanban/kanban.texts';
import { es as messages } from '../../features/messages/messages.texts';
import { es as messagesApi } from '../../features/messages-api/messages-api.texts';
import { es as plans } from '../../features/plans/plans.texts';
import { es as prompts } from '../../features/prompts/prompts.texts';
import { es as queueIntegrations } from '../../features/queue-integrations/queue-integrations.texts';
import { es as queues } from '../../features/queues/queues.texts';
import { es as quickMessages } from '../../features/quick-messages/quick-messages.texts';
import { es as saasAdmin } from '../../features/saas-admin/saas-admin.texts';
import { es as schedules } from '../../features/schedules/schedules.texts';
import { es as settings } from '../../features/settings/settings.texts';
import { es as simulator } from '../../features/simulator/simulator.texts';
import { es as tags } from '../../features/tags/tags.texts';
import { es as tagsAdmin } from '../../features/tags-admin/tags-admin.texts';
import { es as tickets } from '../../features/tickets/tickets.texts';
import { es as todo } from '../../features/todo/todo.texts';
import { es as usersAdmin } from '../../features/users-admin/users-admin.texts';
import { es as webhooks } from '../../features/webhooks/webhooks.texts';

export const es: Catalogue = {
  common: {
    loading: 'Cargando...',
    cancel: 'Cancelar',
    confirm: 'Confirmar',
    send: 'Enviar',
    loadMore: 'Cargar más',
    noRecords: 'Ningún registro',
    version: 'Versión {{version}}',
  },
  menu: {
    attendance: 'Atención',
    management: 'Gestión',
    campaigns: 'Campañas',
    administration: 'Administración',
    dashboard: 'Dashboard',
    tickets: 'Tickets',
    quickMessages: 'Respuestas rápidas',
    kanban: 'Kanban',
    todolist: 'Tareas',
    contacts: 'Contactos',
    schedules: 'Agendamientos',
    tags: 'Etiquetas',
    chats: 'Chat interno',
    helps: 'Ayuda',
    campaignsList: 'Listado',
    contactLists: 'Listas de contactos',
    campaignsConfig: 'Configuración',
    announcements: 'Informativos',
    prompts: 'Open.Ai',
    integrations: 'Integraciones',
    connections: 'Conexiones',
    files: 'Archivos',
    queues: 'Colas y Chatbot',
    users: 'Usuarios',
    messagesApi: 'API',
    financeiro: 'Finanzas',
    settings: 'Configuración',
    simulator: 'Simulador',
    logout: 'Salir',
  },
  header: {
    greeting: 'Hola, {{name}}, bienvenido a {{company}}',
    activeUntil: 'Activo hasta {{date}}',
    darkTheme: 'Tema oscuro',
    lightTheme: 'Tema claro',
    refresh: 'Actualizar',
    language: 'Idioma',
  },
  topbar: {
    notifications: 'Notificaciones',
    noNotifications: 'Ninguna notificación',
    volume: 'Volumen',
    simulator: 'Simulador',
    profile: 'Perfil',
    user: {
      title: 'Editar usuario',
      name: 'Nombre',
      email: 'Correo',
      password: 'Contraseña',
      passwordHint: 'Déjela en blanco para mantener la actual',
      profile: 'Perfil',
      profiles: { admin: 'Administrador', supervisor: 'Supervisor', user: 'Usuario' },
      queues: 'Colas',
      whatsapp: 'Conexión predeterminada',
      noWhatsapp: 'Ninguna',
      allTicket: 'Ver tickets sin cola',
      enabled: 'Habilitado',
      disabled: 'Deshabilitado',
      save: 'Guardar',
      saved: '¡Usuario guardado con éxito!',
    },
  },
  errors: errorsEs,
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
