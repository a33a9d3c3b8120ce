import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PushChannels } from '../common/ipc-channels.js';
import { APP_URL } from './test/fake-electron.js';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { createNotifier } = await import('./notifications.js');
const { createMainWindow } = await import('./window.js');

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

function setup() {
  const window = createMainWindow({ appUrl: APP_URL, preloadPath: '/preload.js', isQuitting: () => false });
  const notifier = createNotifier(() => window);
  return { notifier, window: fake.onlyWindow() };
}

describe('createNotifier', () => {
  beforeEach(() => fake.reset());

  it('shows a native notification with the title and body', () => {
    setup().notifier.show({ title: 'Novo atendimento', body: 'Maria: oi', ticketUuid: UUID });
    expect(fake.record.notifications).toHaveLength(1);
    expect(fake.record.notifications[0]).toMatchObject({
      shown: true,
      options: { title: 'Novo atendimento', body: 'Maria: oi' },
    });
  });

  it('on click, brings the window back and asks the renderer to open the ticket', () => {
    const { notifier, window } = setup();
    window.minimize();
    window.hide();
    notifier.show({ title: 'Novo atendimento', body: '', ticketUuid: UUID });
    expect(window.webContents.sent).toEqual([]);

    fake.record.notifications[0]?.emit('click');

    expect(window).toMatchObject({ minimized: false, visible: true, focused: true });
    expect(window.webContents.sent).toEqual([{ channel: PushChannels.appFocusTicket, args: [UUID] }]);
  });

  it('does nothing on a click after the window is gone', () => {
    const { notifier, window } = setup();
    notifier.show({ title: 'Novo atendimento', body: '', ticketUuid: UUID });
    window.destroyed = true;
    fake.record.notifications[0]?.emit('click');
    expect(window.webContents.sent).toEqual([]);
  });

  it('skips systems without notification support', () => {
    fake.record.notificationsSupported = false;
    setup().notifier.show({ title: 'Novo atendimento', body: '', ticketUuid: UUID });
    expect(fake.record.notifications).toEqual([]);
  });
});
