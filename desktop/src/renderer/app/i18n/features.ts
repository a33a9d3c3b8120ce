// Every feature's texts (issue 27 §4; decision 0335), joined once for ptBR.ts, en.ts and es.ts:
// a new feature's texts file is added to this list and nowhere else.
import * as announcements from '../../features/announcements/announcements.texts';
import * as auth from '../../features/auth/auth.texts';
import * as billing from '../../features/billing/billing.texts';
import * as bot from '../../features/bot/bot.texts';
import * as campaigns from '../../features/campaigns/campaigns.texts';
import * as chats from '../../features/chats/chats.texts';
import * as connections from '../../features/connections/connections.texts';
import * as contactLists from '../../features/contact-lists/contact-lists.texts';
import * as contacts from '../../features/contacts/contacts.texts';
import * as copilot from '../../features/copilot/copilot.texts';
import * as dashboard from '../../features/dashboard/dashboard.texts';
import * as desktopApp from '../../features/desktop-app/desktop-app.texts';
import * as desktopNotify from '../../features/desktop-notify/desktop-notify.texts';
import * as files from '../../features/files/files.texts';
import * as helps from '../../features/helps/helps.texts';
import * as kanban from '../../features/kanban/kanban.texts';
import * as knowledge from '../../features/knowledge/knowledge.texts';
import * as messages from '../../features/messages/messages.texts';
import * as messagesApi from '../../features/messages-api/messages-api.texts';
import * as plans from '../../features/plans/plans.texts';
import * as presence from '../../features/presence/presence.texts';
import * as prompts from '../../features/prompts/prompts.texts';
import * as queueIntegrations from '../../features/queue-integrations/queue-integrations.texts';
import * as queues from '../../features/queues/queues.texts';
import * as quickMessages from '../../features/quick-messages/quick-messages.texts';
import * as saasAdmin from '../../features/saas-admin/saas-admin.texts';
import * as schedules from '../../features/schedules/schedules.texts';
import * as settings from '../../features/settings/settings.texts';
import * as simulator from '../../features/simulator/simulator.texts';
import * as sla from '../../features/sla/sla.texts';
import * as tags from '../../features/tags/tags.texts';
import * as tagsAdmin from '../../features/tags-admin/tags-admin.texts';
import * as tickets from '../../features/tickets/tickets.texts';
import * as todo from '../../features/todo/todo.texts';
import * as usersAdmin from '../../features/users-admin/users-admin.texts';
import * as webhooks from '../../features/webhooks/webhooks.texts';

const FEATURES = [announcements, auth, billing, bot, campaigns, chats, connections, contactLists, contacts, copilot, dashboard, desktopApp, desktopNotify, files, helps, kanban, knowledge, messages, messagesApi, plans, presence, prompts, queueIntegrations, queues, quickMessages, saasAdmin, schedules, settings, simulator, sla, tags, tagsAdmin, tickets, todo, usersAdmin, webhooks] as const;

type Language = 'ptBR' | 'en' | 'es';
type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** The sections of every feature in one language, typed as all of them together. */
type Sections<L extends Language> = Intersection<(typeof FEATURES)[number][L]>;

const inLanguage = <L extends Language>(language: L): Sections<L> => Object.assign({}, ...FEATURES.map((f) => f[language])) as Sections<L>;

export const featureTexts = { ptBR: inLanguage('ptBR'), en: inLanguage('en'), es: inLanguage('es') };
