import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import i18n from 'i18next';
import type { Actor, MessageDto } from '@balcao/shared';
import { getSocket, onReady } from '../../lib/socket';
import { getUser, useSession } from '../../lib/session';
import { getPlatform } from '../../platform/platform';
import { playChime, useNotifications } from '../notifications';
import { announcementOf, chatMessageOf } from './notify.payloads';
import { slaAlertOf } from '../sla';
import { decide, onScreenOf, type NotifyEvent } from './notify.rules';

/** The router's path (hash or browser router), kept by `useDesktopNotifications`. */
let currentPath = '';
const ASKED_KEY = 'balcao.notify.asked';

const actorOf = (user: NonNullable<ReturnType<typeof getUser>>): Actor => ({
  id: user.id,
  profile: user.profile,
  super: user.super,
  queueIds: user.queues.map((q) => q.id),
  allTicket: user.allTicket,
});

/**
 * Something happened that may ring (a ticket, a customer message, an internal chat message, an
 * announcement): the rules decide, the chime plays at the chosen volume, the banner goes
 * through the platform bridge (one per ticket or chat, replaced by the next).
 */
export const notifyDesk = (event: NotifyEvent, preview?: (m: MessageDto) => string): Promise<void> => deliver(event, preview);

const deliver = async (event: NotifyEvent, preview?: (m: MessageDto) => string): Promise<void> => {
  const user = getUser();
  if (!user) return;
  const platform = getPlatform();
  // Main's store in the app (the tray toggles it), localStorage in a browser: read each time.
  const doNotDisturb = await platform.getPref('doNotDisturb').catch(() => false);
  const decision = decide(
    event,
    {
      me: actorOf(user),
      onScreen: onScreenOf(currentPath),
      focused: document.visibilityState === 'visible' && document.hasFocus(),
      doNotDisturb,
      volume: useNotifications.getState().volume,
    },
    (key, vars) => String(i18n.t(key as never, vars as never)),
    preview,
  );
  if (!decision) return;
  if (decision.volume > 0) playChime(decision.volume);
  await platform.showNotification(decision.notification).catch(() => undefined);
};

/**
 * The shell's part: knows what is on screen, listens to the internal chat and announcement
 * channels (the spec's names), and asks the browser's permission once, on the first click.
 */
export const useDesktopNotifications = (): void => {
  const { pathname } = useLocation();
  currentPath = pathname;
  const userId = useSession((s) => s.user?.id);
  const companyId = useSession((s) => s.user?.companyId);

  useEffect(() => {
    if (!userId || !companyId) return;
    const chatEvent = `company-${companyId}-chat-user-${userId}`;
    // Announcements are platform-wide, but each company hears them under its own name (decision 0275).
    const announcementEvent = `company-${companyId}-announcement`;
    const slaEvent = `company-${companyId}-sla`;
    const onChat = (payload: unknown) => {
      const chat = chatMessageOf(payload);
      if (chat) void deliver({ kind: 'chat', chat });
    };
    const onAnnouncement = (payload: unknown) => {
      const announcement = announcementOf(payload);
      if (announcement) void deliver({ kind: 'announcement', announcement });
    };
    const onSla = (payload: unknown) => {
      const sla = slaAlertOf(payload);
      if (sla) void deliver({ kind: 'sla', ...sla });
    };
    let bound: ReturnType<typeof getSocket> = null;
    const unbind = () => {
      bound?.off(chatEvent, onChat);
      bound?.off(announcementEvent, onAnnouncement);
      bound?.off(slaEvent, onSla);
    };
    const offReady = onReady(() => {
      const socket = getSocket();
      if (bound === socket) return;
      unbind();
      bound = socket;
      socket?.on(chatEvent, onChat);
      socket?.on(announcementEvent, onAnnouncement);
      socket?.on(slaEvent, onSla);
    });
    return () => {
      offReady();
      unbind();
      bound = null;
    };
  }, [userId, companyId]);

  useEffect(() => {
    if (!userId) return;
    const platform = getPlatform();
    if (!platform.notificationPermissionPending() || localStorage.getItem(ASKED_KEY)) return;
    // Browsers show the prompt only from a user gesture: the first click after logging in.
    const ask = () => {
      document.removeEventListener('pointerdown', ask, true);
      localStorage.setItem(ASKED_KEY, '1');
      platform.requestNotificationPermission().catch(() => undefined);
    };
    document.addEventListener('pointerdown', ask, true);
    return () => document.removeEventListener('pointerdown', ask, true);
  }, [userId]);
};
