import { createBrowserRouter, createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { PublicOnly, RequireAdmin, RequireAuth } from './RouteGuards';
import { planFlagForPage } from '@balcao/shared';
import { RequirePlan } from '../features/plans/RequirePlan';

const routes: RouteObject[] = [
  {
    path: '/login',
    hydrateFallbackElement: <FullPageSpinner />,
    lazy: async () => {
      const { LoginPage } = await import('../features/auth/LoginPage');
      return { element: <PublicOnly><LoginPage /></PublicOnly> };
    },
  },
  {
    // The desktop app's server and app preferences (profile menu); the browser build has none.
    path: '/server',
    hydrateFallbackElement: <FullPageSpinner />,
    lazy: async () => ({ Component: (await import('../features/desktop-app/ServerRoute')).ServerRoute }),
  },
  {
    path: '/signup',
    hydrateFallbackElement: <FullPageSpinner />,
    lazy: async () => {
      const { SignupPage } = await import('../features/auth/SignupPage');
      return { element: <PublicOnly><SignupPage /></PublicOnly> };
    },
  },
  {
    path: '/forgetpsw',
    hydrateFallbackElement: <FullPageSpinner />,
    lazy: async () => {
      const { ForgotPasswordPage } = await import('../features/auth/ForgotPasswordPage');
      return { element: <PublicOnly><ForgotPasswordPage /></PublicOnly> };
    },
  },
  {
    path: '/',
    hydrateFallbackElement: <FullPageSpinner />,
    lazy: async () => {
      const [{ AppShell }, { BillingGate }] = await Promise.all([import('./layout/AppShell'), import('../features/billing/BillingGate')]);
      // An overdue company's admin only pays (decision 0280): BillingGate shows the billing-only shell.
      return { element: <RequireAuth><BillingGate><AppShell /></BillingGate></RequireAuth> };
    },
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage')).DashboardPage }),
      },
      {
        path: 'tickets/:uuid?',
        lazy: async () => ({ Component: (await import('../features/tickets/TicketsPage')).TicketsPage }),
      },
      {
        path: 'connections',
        lazy: async () => {
          const { ConnectionsPage } = await import('../features/connections/ConnectionsPage');
          return { element: <RequireAdmin><ConnectionsPage /></RequireAdmin> };
        },
      },
      {
        path: 'announcements',
        lazy: async () => {
          const [{ AnnouncementsPage }, { RequireSuper }] = await Promise.all([import('../features/announcements/AnnouncementsPage'), import('../features/announcements/RequireSuper')]);
          return { element: <RequireSuper><AnnouncementsPage /></RequireSuper> };
        },
      },
      {
        path: 'quick-messages',
        lazy: async () => ({ Component: (await import('../features/quick-messages/QuickMessagesPage')).QuickMessagesPage }),
      },
      {
        path: 'contacts',
        lazy: async () => ({ Component: (await import('../features/contacts/ContactsPage')).ContactsPage }),
      },
      {
        path: 'queues',
        lazy: async () => {
          const { QueuesPage } = await import('../features/queues/QueuesPage');
          return { element: <RequireAdmin><QueuesPage /></RequireAdmin> };
        },
      },
      {
        path: 'settings',
        lazy: async () => {
          const { SettingsPage } = await import('../features/settings/SettingsPage');
          return { element: <RequireAdmin><SettingsPage /></RequireAdmin> };
        },
      },
      {
        path: 'users',
        lazy: async () => {
          const { UsersPage } = await import('../features/users-admin/UsersPage');
          return { element: <RequireAdmin><UsersPage /></RequireAdmin> };
        },
      },
      {
        path: 'tags',
        lazy: async () => ({ Component: (await import('../features/tags-admin/TagsPage')).TagsPage }),
      },
      {
        path: 'queue-integration',
        lazy: async () => {
          const { QueueIntegrationsPage } = await import('../features/queue-integrations/QueueIntegrationsPage');
          return { element: <RequireAdmin><RequirePlan flag="useIntegrations"><QueueIntegrationsPage /></RequirePlan></RequireAdmin> };
        },
      },
      {
        path: 'schedules',
        lazy: async () => {
          const { SchedulesPage } = await import('../features/schedules/SchedulesPage');
          return { element: <RequirePlan flag="useSchedules"><SchedulesPage /></RequirePlan> };
        },
      },
      {
        path: 'prompts',
        lazy: async () => {
          const { PromptsPage } = await import('../features/prompts/PromptsPage');
          return { element: <RequireAdmin><RequirePlan flag="useOpenAi"><PromptsPage /></RequirePlan></RequireAdmin> };
        },
      },
      {
        path: 'todolist',
        lazy: async () => ({ Component: (await import('../features/todo/TodoPage')).TodoPage }),
      },
      {
        path: 'kanban',
        lazy: async () => {
          const { KanbanPage } = await import('../features/kanban/KanbanPage');
          return { element: <RequirePlan flag="useKanban"><KanbanPage /></RequirePlan> };
        },
      },
      {
        path: 'contact-lists',
        lazy: async () => {
          const { ContactListsPage } = await import('../features/contact-lists/ContactListsPage');
          return { element: <RequireAdmin><RequirePlan flag={planFlagForPage('/contact-lists') ?? 'useCampaigns'}><ContactListsPage /></RequirePlan></RequireAdmin> };
        },
      },
      {
        path: 'contact-lists/:contactListId/contacts',
        lazy: async () => {
          const { ContactListItemsPage } = await import('../features/contact-lists/ContactListItemsPage');
          return { element: <RequireAdmin><RequirePlan flag={planFlagForPage('/contact-lists') ?? 'useCampaigns'}><ContactListItemsPage /></RequirePlan></RequireAdmin> };
        },
      },
      {
        path: 'files',
        lazy: async () => {
          const { FilesPage } = await import('../features/files/FilesPage');
          return { element: <RequireAdmin><FilesPage /></RequireAdmin> };
        },
      },
      {
        path: 'campaigns',
        lazy: async () => {
          const { CampaignsPage } = await import('../features/campaigns/CampaignsPage');
          return { element: <RequireAdmin><RequirePlan flag="useCampaigns"><CampaignsPage /></RequirePlan></RequireAdmin> };
        },
      },
      {
        path: 'campaign/:campaignId/report',
        lazy: async () => {
          const { CampaignReportPage } = await import('../features/campaigns/CampaignReportPage');
          return { element: <RequireAdmin><RequirePlan flag="useCampaigns"><CampaignReportPage /></RequirePlan></RequireAdmin> };
        },
      },
      {
        path: 'campaigns-config',
        lazy: async () => {
          const { CampaignsConfigPage } = await import('../features/campaigns/CampaignsConfigPage');
          return { element: <RequireAdmin><RequirePlan flag="useCampaigns"><CampaignsConfigPage /></RequirePlan></RequireAdmin> };
        },
      },
      {
        path: 'chats/:uuid?',
        lazy: async () => {
          const { ChatsPage } = await import('../features/chats/ChatsPage');
          return { element: <RequirePlan flag="useInternalChat"><ChatsPage /></RequirePlan> };
        },
      },
      {
        path: 'helps',
        lazy: async () => ({ Component: (await import('../features/helps/HelpsPage')).HelpsPage }),
      },
      {
        path: 'messages-api',
        lazy: async () => {
          const { MessagesApiPage } = await import('../features/messages-api/MessagesApiPage');
          return { element: <RequireAdmin><RequirePlan flag="useExternalApi"><MessagesApiPage /></RequirePlan></RequireAdmin> };
        },
      },
      {
        path: 'financeiro',
        lazy: async () => {
          const { InvoicesPage } = await import('../features/billing/InvoicesPage');
          return { element: <RequireAdmin><InvoicesPage /></RequireAdmin> };
        },
      },
      {
        path: 'subscription',
        lazy: async () => {
          const { SubscriptionPage } = await import('../features/billing/SubscriptionPage');
          return { element: <RequireAdmin><SubscriptionPage /></RequireAdmin> };
        },
      },
      {
        path: 'simulator',
        lazy: async () => ({ Component: (await import('../features/simulator/SimulatorPage')).SimulatorPage }),
      },
      { path: '*', element: <Navigate to="/tickets" replace /> },
    ],
  },
];

// A page loaded from disk (file://) cannot use history URLs; the web build and the app use them.
export const createAppRouter = () =>
  window.location.protocol === 'file:' ? createHashRouter(routes) : createBrowserRouter(routes);
