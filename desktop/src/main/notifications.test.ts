import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { createNotifier } = await import('./notifications.js');

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

function setup(silenced = false) {
  const onOpenTicket = vi.fn();
  const notifier = createNotifier({ isSilenced: () => silenced, onOpenTicket });
  return { notifier, onOpenTicket };
}

describe('createNotifier', () => {
  beforeEach(() => fake.reset());

  it('shows a native notification with the title and body', () => {
    setup().notifier.show({ title: 'Novo atendimento', body: 'Maria: oi', ticketUuid: UUID });
    expect(fake.record.notifications).toHaveLength(1);
    expect(fake.record.notifications[0]).toMatchObject({ shown: true, options: { title: 'Novo atendimento', body: 'Maria: oi' } });
  });

  it('on click, opens that ticket', () => {
    const { notifier, onOpenTicket } = setup();
    notifier.show({ title: 'Novo atendimento', body: '', ticketUuid: UUID });
    expect(onOpenTicket).not.toHaveBeenCalled();
    fake.record.notifications[0]?.emit('click');
    expect(onOpenTicket).toHaveBeenCalledWith(UUID);
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
