import { z } from 'zod';
import type { KeyValueStorage } from './store.js';

const KEY = 'window';
const ZOOM_KEY = 'zoomLevel';
export const ZOOM_LIMITS = { min: -3, max: 5 };
export const DEFAULT_SIZE = { width: 1280, height: 820 };
export const MIN_SIZE = { width: 360, height: 480 };

const Bounds = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(MIN_SIZE.width).max(20_000),
  height: z.number().int().min(MIN_SIZE.height).max(20_000),
});
const WindowStateDto = Bounds.extend({ maximized: z.boolean() });
const ZoomLevel = z.number().min(ZOOM_LIMITS.min).max(ZOOM_LIMITS.max);
export type Rectangle = z.infer<typeof Bounds>;
export type WindowState = z.infer<typeof WindowStateDto>;

/** The bounds of each display's work area (the screen minus taskbars and docks). */
export type WorkAreas = () => Rectangle[];

/** Enough of the window on some screen to grab its title bar (a monitor may have been unplugged). */
const MIN_VISIBLE = 80;
function visibleOn(bounds: Rectangle, areas: Rectangle[]): boolean {
  return areas.some((area) => {
    const width = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const titleBarInside = bounds.y >= area.y && bounds.y < area.y + area.height - MIN_VISIBLE / 2;
    return width >= MIN_VISIBLE && titleBarInside;
  });
}

export interface WindowStateStore {
  /** The saved state when it is still on a screen; otherwise the default size, centred by the OS. */
  restore(areas: Rectangle[]): { bounds?: Rectangle; width: number; height: number; maximized: boolean; zoomLevel: number };
  save(state: WindowState): void;
  saveZoom(zoomLevel: number): void;
}

export function createWindowStateStore(storage: KeyValueStorage): WindowStateStore {
  const zoom = (): number => {
    const parsed = ZoomLevel.safeParse(storage.get(ZOOM_KEY));
    return parsed.success ? parsed.data : 0;
  };
  return {
    restore(areas) {
      const parsed = WindowStateDto.safeParse(storage.get(KEY));
      const zoomLevel = zoom();
      if (!parsed.success) return { ...DEFAULT_SIZE, maximized: false, zoomLevel };
      const { maximized, ...bounds } = parsed.data;
      if (!visibleOn(bounds, areas)) {
        // Keep the size if it fits the primary screen, drop the position.
        const primary = areas[0];
        const fits = primary && bounds.width <= primary.width && bounds.height <= primary.height;
        return { ...(fits ? { width: bounds.width, height: bounds.height } : DEFAULT_SIZE), maximized, zoomLevel };
      }
      return { bounds, width: bounds.width, height: bounds.height, maximized, zoomLevel };
    },
    save(state) {
      const rounded = { ...state, x: Math.round(state.x), y: Math.round(state.y), width: Math.round(state.width), height: Math.round(state.height) };
      const parsed = WindowStateDto.safeParse(rounded);
      if (parsed.success) storage.set(KEY, parsed.data);
    },
    saveZoom(zoomLevel) {
      const parsed = ZoomLevel.safeParse(zoomLevel);
      if (parsed.success) storage.set(ZOOM_KEY, parsed.data);
    },
  };
}
