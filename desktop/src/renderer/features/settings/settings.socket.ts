import { listenLive } from '../../lib/socket';
import { useSettings } from './settings.store';

/** `company-<id>-settings`: another admin's change shows without a reload (hours too). */
export const bindSettingsSocket = (): (() => void) =>
  listenLive('settings', (p) => {
    if (p.action === 'update') useSettings.getState().apply(p.setting);
    else useSettings.getState().setSchedules(p.schedules);
  });
