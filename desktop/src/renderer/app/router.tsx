import { createBrowserRouter, createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { RequireAuth } from './RouteGuards';
import { authPublicRoutes } from '../features/auth/auth.public-routes';
import { desktopAppPublicRoutes } from '../features/desktop-app/desktop-app.public-routes';
import { announcementsRoutes } from '../features/announcements/announcements.routes';
import { billingRoutes } from '../features/billing/billing.routes';
import { campaignsRoutes } from '../features/campaigns/campaigns.routes';
import { chatsRoutes } from '../features/chats/chats.routes';
import { connectionsRoutes } from '../features/connections/connections.routes';
import { contactListsRoutes } from '../features/contact-lists/contact-lists.routes';
import { contactsRoutes } from '../features/contacts/contacts.routes';
import { dashboardRoutes } from '../features/dashboard/dashboard.routes';
import { filesRoutes } from '../features/files/files.routes';
import { helpsRoutes } from '../features/helps/helps.routes';
import { kanbanRoutes } from '../features/kanban/kanban.routes';
import { knowledgeRoutes } from '../features/knowledge/knowledge.routes';
import { messagesApiRoutes } from '../features/messages-api/messages-api.routes';
import { promptsRoutes } from '../features/prompts/prompts.routes';
import { queueIntegrationsRoutes } from '../features/queue-integrations/queue-integrations.routes';
import { queuesRoutes } from '../features/queues/queues.routes';
import { quickMessagesRoutes } from '../features/quick-messages/quick-messages.routes';
import { schedulesRoutes } from '../features/schedules/schedules.routes';
import { settingsRoutes } from '../features/settings/settings.routes';
import { simulatorRoutes } from '../features/simulator/simulator.routes';
import { tagsAdminRoutes } from '../features/tags-admin/tags-admin.routes';
import { ticketsRoutes } from '../features/tickets/tickets.routes';
import { todoRoutes } from '../features/todo/todo.routes';
import { usersAdminRoutes } from '../features/users-admin/users-admin.routes';

// Composed from the features' route files (issue 27 §4): a feature declares its own pages, lazily
// loaded, in <f>.routes.tsx (inside the app shell) or <f>.public-routes.tsx (before login).
const routes: RouteObject[] = [
  ...authPublicRoutes,
  ...desktopAppPublicRoutes,
  {
    path: '/',
    hydrateFallbackElement: <FullPageSpinner />,
    lazy: async () => {
      const [{ AppShell }, { BillingGate }] = await Promise.all([import('./layout/AppShell'), import('../features/billing/BillingGate')]);
      // An overdue company's admin only pays (decision 0280): BillingGate shows the billing-only shell.
      return { element: <RequireAuth><BillingGate><AppShell /></BillingGate></RequireAuth> };
    },
    children: [
      ...dashboardRoutes,
      ...ticketsRoutes,
      ...connectionsRoutes,
      ...announcementsRoutes,
      ...quickMessagesRoutes,
      ...contactsRoutes,
      ...queuesRoutes,
      ...settingsRoutes,
      ...usersAdminRoutes,
      ...tagsAdminRoutes,
      ...queueIntegrationsRoutes,
      ...schedulesRoutes,
      ...promptsRoutes,
      ...knowledgeRoutes,
      ...todoRoutes,
      ...kanbanRoutes,
      ...contactListsRoutes,
      ...filesRoutes,
      ...campaignsRoutes,
      ...chatsRoutes,
      ...helpsRoutes,
      ...messagesApiRoutes,
      ...billingRoutes,
      ...simulatorRoutes,
      { path: '*', element: <Navigate to="/tickets" replace /> },
    ],
  },
];

// A page loaded from disk (file://) cannot use history URLs; the web build and the app use them.
export const createAppRouter = () =>
  window.location.protocol === 'file:' ? createHashRouter(routes) : createBrowserRouter(routes);
