/**
 * The architecture's boundaries are lint errors (decision 0018): each rule rejects a violation,
 * and the legal import next to it passes. Linted with the repository's real eslint.config.js.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The boundary/restricted-import messages eslint reports for `code` as if it were `file`. */
const problems = async (file: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath: resolve(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'balcao/boundaries' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

const rejects = async (file: string, code: string, pattern: RegExp) => {
  const found = await problems(file, code);
  expect(found, `${file}: ${code}`).toEqual([expect.stringMatching(pattern)]);
};
const passes = async (file: string, code: string) => expect(await problems(file, code), `${file}: ${code}`).toEqual([]);

describe('module doors', () => {
  it('rejects a cross-module repository import; the door passes', async () => {
    await rejects('server/src/modules/messages/messages.service.ts', "import * as x from '../tickets/tickets.repository';", /through its index\.ts/);
    await rejects('server/src/modules/whatsapp/baileys/stored-message.ts', "import * as x from '../../messages/messages.repository';", /through its index\.ts/);
    await rejects('server/src/app.ts', "import { x } from './modules/tickets/tickets.service';", /through its index\.ts/);
    await passes('server/src/modules/messages/messages.service.ts', "import { ticketsQueries as x } from '../tickets';");
    await passes('server/src/modules/messages/messages.service.ts', "import * as x from './messages.repository';");
  });

  it('lets a table reference another module table (foreign keys), nothing else', async () => {
    await passes('server/src/modules/tickets/tickets.table.ts', "import { contacts as x } from '../contacts/contacts.table';");
    await rejects('server/src/modules/tickets/tickets.table.ts', "import { x } from '../contacts/contacts.service';", /through its index\.ts/);
  });
});

describe('layers', () => {
  it('rejects SQL and repositories in a routes file', async () => {
    await rejects('server/src/modules/contacts/contacts.routes.ts', "import { sql as x } from 'drizzle-orm';", /no SQL/);
    await rejects('server/src/modules/contacts/contacts.routes.ts', "import * as x from './contacts.repository';", /only through its service/);
    await rejects('server/src/modules/contacts/contacts.routes.ts', "import { createDbClient as x } from '../../db/client';", /only through its service/);
    await passes('server/src/modules/contacts/contacts.routes.ts', "import type { ContactsService as x } from './contacts.service';");
  });

  it('rejects socket.io, rooms and realtime in a service', async () => {
    await rejects('server/src/modules/tickets/tickets.service.ts', "import { Server as x } from 'socket.io';", /stage events/);
    await rejects('server/src/modules/tickets/tickets.service.ts', "import { rooms as x } from '../../infra/rooms';", /stage events/);
    await passes('server/src/modules/tickets/tickets.listeners.ts', "import { rooms as x } from '../../infra/rooms';");
  });

  it('rejects a module import from infra, db and lib', async () => {
    await rejects('server/src/infra/realtime.ts', "import type { TicketsService as x } from '../modules/tickets';", /never import a module/);
    await rejects('server/src/db/tenant.ts', "import * as x from '../modules/users/users.repository';", /never import a module/);
    await rejects('server/src/lib/bounded-cache.ts', "import { x } from '../modules/whatsapp';", /never import a module/);
    await passes('server/src/infra/realtime.ts', "import { x } from './rooms';");
  });
});

describe('route suite rows', () => {
  it('rejects a case file imported by the server; tests may import it', async () => {
    await rejects('server/src/modules/tags/tags.routes.ts', "import { isolationCases as x } from './tags.isolation.cases';", /only server\/test imports it/);
    await rejects('server/src/app.ts', "import { badInputCases as x } from './modules/tags/tags.bad-input.cases';", /only server\/test imports it/);
    await passes('server/test/helpers/route-cases.ts', "import { isolationCases as x } from '../../src/modules/tags/tags.isolation.cases';");
  });
});

describe('Baileys only in its adapter', () => {
  it('rejects Baileys and its internals outside modules/whatsapp/baileys/', async () => {
    await rejects('server/src/modules/whatsapp/session-manager.ts', "import { x } from '@whiskeysockets/baileys';", /Baileys only/);
    await rejects('server/src/modules/messages/messages.jobs.ts', "import { x } from '@whiskeysockets/baileys/lib/Utils/messages';", /Baileys only/);
    await rejects('scripts/bench/ingest.ts', "import { x } from 'baileys/lib/Socket';", /Baileys only/);
    await passes('server/src/modules/whatsapp/baileys/socket.ts', "import { x } from '@whiskeysockets/baileys/lib/Utils/messages';");
    await passes('server/src/modules/whatsapp/session-manager.ts', "import { x } from './baileys/baileys.channel';");
  });
});

describe('renderer features', () => {
  it('keeps messages from importing tickets, and tickets to the messages door', async () => {
    await rejects('desktop/src/renderer/features/messages/messages.store.ts', "import { x } from '../tickets/tickets.api';", /does not import tickets/);
    await rejects('desktop/src/renderer/features/tickets/TicketsPage.tsx', "import { x } from '../messages/Conversation';", /through its index/);
    await passes('desktop/src/renderer/features/tickets/TicketsPage.tsx', "import { x } from '../messages';");
  });
});
