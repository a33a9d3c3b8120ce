import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = await vi.hoisted(async () => (await import('./test/fake-electron.js')).fake);
vi.mock('./electron-api.js', () => fake.module);

const { FakeBrowserWindow } = await import('./test/fake-electron.js');
const { IDLE_AFTER_SECONDS, startIdleWatch } = await import('./idle.js');

describe('startIdleWatch (issue 30 §1: away on system idle)', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    fake.reset();
    vi.useFakeTimers();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  const watch = () => {
    const window = new FakeBrowserWindow({ width: 800, height: 600 });
    stop = startIdleWatch(() => window as never, { everyMs: 1000 });
    const pushes = () => window.webContents.sent.filter((s) => s.channel === 'app:idle').map((s) => s.args[0]);
    return { pushes };
  };

  it('tells the page once when the machine goes idle and once when it is used again, asking after the away threshold', () => {
    const { pushes } = watch();
    vi.advanceTimersByTime(3000);
    expect(pushes()).toEqual([]);
    fake.record.idleState = 'idle';
    vi.advanceTimersByTime(3000);
    expect(pushes()).toEqual([true]);
    fake.record.idleState = 'active';
    vi.advanceTimersByTime(1000);
    expect(pushes()).toEqual([true, false]);
    expect(new Set(fake.record.idleThresholds)).toEqual(new Set([IDLE_AFTER_SECONDS]));
  });

  it('is idle at once when the screen locks or the machine sleeps, and checks again when it comes back', () => {
    const { pushes } = watch();
    fake.powerMonitor.emit('lock-screen');
    expect(pushes()).toEqual([true]);
    fake.powerMonitor.emit('unlock-screen');
    expect(pushes()).toEqual([true, false]);
    fake.powerMonitor.emit('suspend');
    fake.record.idleState = 'locked';
    fake.powerMonitor.emit('resume');
    expect(pushes()).toEqual([true, false, true]);
  });

  it("claims nothing on a desktop that cannot tell ('unknown'), and stops when asked", () => {
    const { pushes } = watch();
    fake.record.idleState = 'unknown';
    vi.advanceTimersByTime(5000);
    expect(pushes()).toEqual([]);
    stop();
    fake.record.idleState = 'idle';
    vi.advanceTimersByTime(5000);
    fake.powerMonitor.emit('lock-screen');
    expect(pushes()).toEqual([]);
  });
});
