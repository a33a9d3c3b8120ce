import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { createTray } = await import('./tray.js');
const { labelsFor } = await import('./labels.js');

function setup(locale = 'pt-BR') {
  const onShow = vi.fn();
  const onQuit = vi.fn();
  const appTray = createTray({ labels: labelsFor(locale), onShow, onQuit });
  return { appTray, tray: fake.onlyTray(), onShow, onQuit };
}

describe('createTray', () => {
  beforeEach(() => fake.reset());

  it('starts with the app name and no count', () => {
    const { tray } = setup();
    expect(tray.tooltip).toBe('Balcão');
    expect(tray.image).toMatchObject({ dataUrl: expect.stringMatching(/^data:image\/png;base64,/) });
  });

  it('shows the pending+unread count on tooltip, title and badge', () => {
    const { appTray, tray } = setup();
    appTray.setCount(5);
    expect(tray.tooltip).toBe('Balcão — 5 aguardando');
    expect(tray.title).toBe('5');
    expect(fake.app.badgeCount).toBe(5);
  });

  it('clears everything at zero', () => {
    const { appTray, tray } = setup();
    appTray.setCount(5);
    appTray.setCount(0);
    expect(tray.tooltip).toBe('Balcão');
    expect(tray.title).toBe('');
    expect(fake.app.badgeCount).toBe(0);
  });

  it('offers Show and Quit in the language of the system', () => {
    const { tray, onShow, onQuit } = setup('en-US');
    expect(tray.menu.map((item) => item.label ?? item.type)).toEqual(['Show', 'separator', 'Quit']);
    tray.clickMenuItem('Show');
    expect(onShow).toHaveBeenCalledTimes(1);
    expect(onQuit).not.toHaveBeenCalled();
    tray.clickMenuItem('Quit');
    expect(onQuit).toHaveBeenCalledTimes(1);
  });

  it('shows the window on a plain click of the icon', () => {
    const { tray, onShow } = setup();
    tray.emit('click');
    expect(onShow).toHaveBeenCalledTimes(1);
  });

  it('falls back to Portuguese for other locales', () => {
    expect(labelsFor('de-DE')).toBe(labelsFor('pt-BR'));
    expect(labelsFor('es-419').quit).toBe('Salir');
  });
});
