import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PushChannels } from '../common/ipc-channels.js';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { createLinkRouter, registerProtocolClient } = await import('./links.js');
const { revealWindow } = await import('./window.js');
const { FakeBrowserWindow } = await import('./test/fake-electron.js');

const TICKET = '3b241101-e2bb-4255-8caf-4136c566a962';
const CHAT = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';

describe('createLinkRouter', () => {
  beforeEach(() => fake.reset());

  it('holds a link until the renderer listens, then sends it once', () => {
    const holder: { window?: InstanceType<typeof FakeBrowserWindow> } = {};
    const router = createLinkRouter(() => holder.window as never, revealWindow);
    router.open({ kind: 'ticket', uuid: TICKET });
    const window = new FakeBrowserWindow({ width: 800, height: 600 });
    holder.window = window;
    expect(window.webContents.sent).toEqual([]);
    router.rendererReady();
    router.rendererReady();
    expect(window.webContents.sent).toEqual([{ channel: PushChannels.appFocusTicket, args: [TICKET] }]);
    expect(window).toMatchObject({ visible: true, focused: true });
  });

  it('sends at once while the renderer listens, and holds again while it reloads', () => {
    const window = new FakeBrowserWindow({ width: 800, height: 600 });
    const router = createLinkRouter(() => window as never, revealWindow);
    router.rendererReady();
    router.open({ kind: 'chat', uuid: CHAT });
    router.rendererGone();
    router.navigate('/tickets?tab=pending');
    expect(window.webContents.sent).toEqual([{ channel: PushChannels.appFocusChat, args: [CHAT] }]);
    router.rendererReady();
    expect(window.webContents.sent.at(-1)).toEqual({ channel: PushChannels.appNavigate, args: ['/tickets?tab=pending'] });
  });
});

describe('registerProtocolClient', () => {
  beforeEach(() => fake.reset());

  it('registers balcao:// for the packaged app', () => {
    registerProtocolClient({ defaultApp: false, execPath: '/opt/Balcao/balcao', argv: ['/opt/Balcao/balcao'] } as never);
    expect(fake.record.protocolClients).toEqual([['balcao']]);
  });

  it('run from source, tells the OS which app folder Electron must start', () => {
    registerProtocolClient({ defaultApp: true, execPath: '/n/electron', argv: ['/n/electron', '/src/desktop'] } as never);
    expect(fake.record.protocolClients).toEqual([['balcao', '/n/electron', ['/src/desktop']]]);
  });
});
