import { z } from 'zod';
import { create } from 'zustand';

/**
 * The user's message alerts: browser notifications and the alarm sound, both off until switched on.
 * Kept in this browser's local storage, keyed by the user's id (`cityops-message-alerts:<userId>`), so
 * two people sharing a browser each keep their own; they do not follow the user to another browser.
 */
const settingsSchema = z.object({
  browser: z.boolean().catch(false),
  sound: z.boolean().catch(false),
});
export type AlertSettings = z.infer<typeof settingsSchema>;

const OFF: AlertSettings = { browser: false, sound: false };
export const alertSettingsKey = (userId: number) => `cityops-message-alerts:${userId}`;

export function readAlertSettings(userId: number): AlertSettings {
  try {
    const raw = localStorage.getItem(alertSettingsKey(userId));
    if (raw === null) return OFF;
    const parsed = settingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : OFF;
  } catch {
    return OFF;
  }
}

function writeAlertSettings(userId: number, settings: AlertSettings) {
  try {
    localStorage.setItem(alertSettingsKey(userId), JSON.stringify(settings));
  } catch {
    // A full or blocked storage keeps the choice for this page only.
  }
}

interface AlertSettingsState {
  userId: number | null;
  settings: AlertSettings;
  /** Reads the signed-in user's choice. */
  load(userId: number): void;
  change(change: Partial<AlertSettings>): void;
}

export const useAlertSettings = create<AlertSettingsState>()((set, get) => ({
  userId: null,
  settings: OFF,
  load: (userId) => {
    if (get().userId !== userId) set({ userId, settings: readAlertSettings(userId) });
  },
  change: (change) => {
    const { userId, settings } = get();
    const next = { ...settings, ...change };
    if (userId !== null) writeAlertSettings(userId, next);
    set({ settings: next });
  },
}));
