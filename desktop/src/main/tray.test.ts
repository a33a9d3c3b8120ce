import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { createTray } = await import('./tray.js');
const { labelsFor } = await import('./labels.js');
const { createPrefsStore, memoryStorage } = await import('./store.js');
const { FakeBrowserWindow } = await import('./test/fake-electron.js');

function setup({ platform = 'linux' as NodeJS.Platform, locale = 'pt-BR', prefs = createPrefsStore(memoryStorage()) } = {}) {
  const window = new FakeBrowserWindow({ width: 800, height: 600 });
  const handlers = { onOpen: vi.fn(), onPendingTickets: vi.fn(), onOpenAtLogin: vi.fn(), onQuit: vi.fn() };
  const appTray = createTray({ labels: labelsFor(locale), platform, prefs, getWindow: () => window as never, ...handlers });
  return { appTray, tray: fake.onlyTray(), window, prefs, ...handlers };
}

describe('createTray', () => {
  beforeEach(() => fake.reset());

  it('starts with the app name and no count', () => {
    const { tray } = setup();
    expect(tray.tooltip).toBe('Balcão');
    expect(tray.image).toMatchObject({ dataUrl: expect.stringMatching(/^data:image\/png;base64,/) });
  });

  it('names pending and unread apart in the tooltip, in the language of the system', () => {
    const { appTray, tray } = setup();
    appTray.setCounts({ pending: 3, unread: 1 });
    expect(tray.tooltip).toBe('Balcão — 3 aguardando, 1 mensagem não lida');
    appTray.setCounts({ pending: 0, unread: 7 });
    expect(tray.tooltip).toBe('Balcão — 7 mensagens não lidas');
    fake.reset();
    const en = setup({ locale: 'en-GB' });
    en.appTray.setCounts({ pending: 2, unread: 2 });
    expect(en.tray.tooltip).toBe('Balcão — 2 waiting, 2 unread messages');
  });

  it('Linux: the launcher count (Unity) shows the sum; no overlay, no title', () => {
    const { appTray, tray, window } = setup({ platform: 'linux' });
    appTray.setCounts({ pending: 2, unread: 3 });
    expect(fake.app.badgeCount).toBe(5);
    expect(window.overlay).toBeUndefined();
    expect(tray.title).toBe('');
    appTray.setCounts({ pending: 0, unread: 0 });
    expect(fake.app.badgeCount).toBe(0);
    expect(tray.tooltip).toBe('Balcão');
  });

  it('macOS: the dock badge and the menu-bar title show the sum', () => {
    const { appTray, tray, window } = setup({ platform: 'darwin' });
    appTray.setCounts({ pending: 4, unread: 1 });
    expect(fake.app.badgeCount).toBe(5);
    expect(tray.title).toBe('5');
    expect(window.overlay).toBeUndefined();
    appTray.setCounts({ pending: 0, unread: 0 });
    expect(tray.title).toBe('');
  });

  it('Windows: a taskbar overlay with an accessible description instead of a badge', () => {
    const { appTray, window } = setup({ platform: 'win32' });
    appTray.setCounts({ pending: 4, unread: 2 });
    expect(window.overlay).toEqual({ image: { dataUrl: expect.stringMatching(/^data:image\/png;base64,/) }, description: '6 aguardando' });
    expect(fake.app.badgeCount).toBe(0);
    appTray.setCounts({ pending: 0, unread: 0 });
    expect(window.overlay).toBeUndefined();
  });

  it('offers open, waiting tickets, do not disturb, start with the computer and quit', () => {
    const { appTray, tray, onOpen, onPendingTickets, onQuit } = setup();
    expect(tray.menu.map((item) => item.label ?? item.type)).toEqual([
      'Abrir o Balcão',
      'Tickets aguardando',
      'separator',
      'Não perturbe',
      'Iniciar com o computador',
      'separator',
      'Sair',
    ]);
    appTray.setCounts({ pending: 3, unread: 0 });
    expect(tray.menu[1]?.label).toBe('Tickets aguardando (3)');
    tray.clickMenuItem('Abrir o Balcão');
    tray.clickMenuItem('Tickets aguardando');
    tray.clickMenuItem('Sair');
    expect([onOpen, onPendingTickets, onQuit].map((fn) => fn.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('toggles do not disturb in the preferences, and shows its state', () => {
    const { tray, prefs } = setup();
    expect(tray.menuItem('Não perturbe').checked).toBe(false);
    tray.clickMenuItem('Não perturbe');
    expect(prefs.get('doNotDisturb')).toBe(true);
    tray.clickMenuItem('Não perturbe');
    expect(prefs.get('doNotDisturb')).toBe(false);
  });

  it('hands the login item toggle to main and rebuilds from the preference', () => {
    const prefs = createPrefsStore(memoryStorage({ openAtLogin: true }));
    const { appTray, tray, onOpenAtLogin } = setup({ prefs });
    expect(tray.menuItem('Iniciar com o computador').checked).toBe(true);
    tray.clickMenuItem('Iniciar com o computador');
    expect(onOpenAtLogin).toHaveBeenCalledWith(false);
    prefs.set('openAtLogin', false);
    appTray.refreshMenu();
    expect(tray.menuItem('Iniciar com o computador').checked).toBe(false);
  });

  it('flashes the taskbar when a new ticket waits and the window is not in front', () => {
    const { appTray, window } = setup({ platform: 'win32' });
    window.show();
    window.focus();
    appTray.setCounts({ pending: 1, unread: 0 });
    expect(window.flashing).toBe(false);
    window.hide();
    appTray.setCounts({ pending: 1, unread: 5 });
    expect(window.flashing).toBe(false);
    appTray.setCounts({ pending: 2, unread: 5 });
    // Hidden in the tray: back on the taskbar, minimised, not focused, flashing.
    expect(window).toMatchObject({ flashing: true, visible: true, minimized: true, focused: false });
  });

  it('does not flash during do not disturb', () => {
    const { appTray, window } = setup({ prefs: createPrefsStore(memoryStorage({ doNotDisturb: true })) });
    appTray.setCounts({ pending: 1, unread: 0 });
    expect(window.flashing).toBe(false);
  });

  it('macOS: bounces the dock without bringing a hidden window back', () => {
    const { appTray, window } = setup({ platform: 'darwin' });
    appTray.setCounts({ pending: 1, unread: 0 });
    expect(window).toMatchObject({ flashing: true, visible: false });
  });

  it('shows the window on a plain click of the icon', () => {
    const { tray, onOpen } = setup();
    tray.emit('click');
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('falls back to Portuguese for other locales', () => {
    expect(labelsFor('de-DE')).toBe(labelsFor('pt-BR'));
    expect(labelsFor('es-419').quit).toBe('Salir');
  });
});
