/** Every table, for drizzle-kit and the query builder. Tables live in their modules. */
export * from '../modules/companies/companies.table';
export * from '../modules/users/users.table';
export * from '../modules/queues/queues.table';
export * from '../modules/whatsapp/whatsapp.table';
export * from '../modules/whatsapp/sandbox/sandbox.table';
export * from '../modules/whatsapp/whatsapp-session.table';
export * from '../modules/contacts/contacts.table';
export * from '../modules/tickets/tickets.table';
export * from '../modules/messages/messages.table';
export * from '../modules/auth/login-failures.table';
export * from '../modules/quick-messages/quick-messages.table';
export * from '../modules/audit/audit.table';
export * from '../modules/bot/bot.table';
export * from '../modules/queue-integrations/queue-integrations.table';
export * from '../modules/prompts/prompts.table';
