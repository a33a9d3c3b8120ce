import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { createNotifier } = await import('./notifications.js');

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

const CHAT = '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';

function setup(silenced = false) {
  const onOpen = vi.fn();
  const notifier = createNotifier({ isSilenced: () => silenced, onOpen });
  return { notifier, onOpen };
}

describe('createNotifier', () => {
  beforeEach(() => fake.reset());

  it('shows a silent native notification (the renderer plays the chosen sound) with the title and body', () => {
    setup().notifier.show({ title: 'Novo atendimento', body: 'Maria: oi', ticketUuid: UUID });
    expect(fake.record.notifications).toHaveLength(1);
    expect(fake.record.notifications[0]).toMatchObject({ shown: true, options: { title: 'Novo atendimento', body: 'Maria: oi', silent: true } });
  });

  it('on click, opens that ticket or that chat', () => {
    const { notifier, onOpen } = setup();
    notifier.show({ title: 'Novo atendimento', body: '', ticketUuid: UUID });
    notifier.show({ title: 'Ana', body: 'reunião às 3', chatUuid: CHAT });
    expect(onOpen).not.toHaveBeenCalled();
    fake.record.notifications[0]?.emit('click');
    fake.record.notifications[1]?.emit('click');
    expect(onOpen.mock.calls).toEqual([[{ kind: 'ticket', uuid: UUID }], [{ kind: 'chat', uuid: CHAT }]]);
  });

  it('groups per ticket: a newer notification replaces the older one', () => {
    const { notifier, onOpen } = setup();
    notifier.show({ title: 'Maria', body: 'oi', ticketUuid: UUID });
    notifier.show({ title: 'Maria', body: 'tudo bem?', ticketUuid: UUID });
    notifier.show({ title: 'Ana', body: 'oi', chatUuid: CHAT });
    const [first, second, third] = fake.record.notifications;
    expect([first?.closed, second?.closed, third?.closed]).toEqual([true, false, false]);
    second?.emit('click');
    expect(onOpen).toHaveBeenCalledWith({ kind: 'ticket', uuid: UUID });
  });

  it('an announcement is its own group; its click names it', () => {
    const { notifier, onOpen } = setup();
    notifier.show({ title: 'Aviso', body: 'manutenção', announcementId: 3 });
    notifier.show({ title: 'Aviso', body: 'manutenção às 22h', announcementId: 3 });
    notifier.show({ title: 'Maria', body: 'oi', ticketUuid: UUID });
    expect(fake.record.notifications.map((n) => n.closed)).toEqual([true, false, false]);
    fake.record.notifications[1]?.emit('click');
    expect(onOpen).toHaveBeenCalledWith({ kind: 'announcement', id: 3 });
  });

  it('shows nothing during do not disturb', () => {
    setup(true).notifier.show({ title: 'Novo atendimento', body: '', ticketUuid: UUID });
    expect(fake.record.notifications).toEqual([]);
  });

  it('skips systems without notification support', () => {
    fake.record.notificationsSupported = false;
    setup().notifier.show({ title: 'Novo atendimento', body: '', ticketUuid: UUID });
    expect(fake.record.notifications).toEqual([]);
  });
});
