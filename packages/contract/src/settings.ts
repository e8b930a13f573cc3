import { z } from 'zod';
import { mapSettingsSchema } from './map.js';

/**
 * Runtime page settings, served as `/config.js` (it sets `window.__CITYOPS_CONFIG__`) so an operator
 * can change them without a rebuild. The server fills them from `DATA_DIR/page-settings.json`.
 */
export const pageSettingsSchema = z.object({
  /** Base service address for API calls. */
  baseUrl: z.string().default('/api'),
  /** Message-centre service address. */
  messageCenterUrl: z.string().default('/api'),
  /** The alarm service: the alarm-result SockJS socket is `{alarmServiceUrl}/sockjs/websocket/onekey/alarm/result`. */
  alarmServiceUrl: z.string().default('/api'),
  /** The alarm-box service: intercom sockets and the `/onKeyAlarm/...` endpoints (alarmbox/calls.ts). */
  alarmboxUrl: z.string().default('/api'),
  platformTitle: z.string().default(''),
  platformIcon: z.string().default(''),
  copyright: z.string().default(''),
  registrationNumber: z.string().default(''),
  /** Where to go after sign-in; `/` when empty. */
  forwardUrl: z.string().default(''),
  /** Largest number of cached page tabs. */
  maxTabs: z.number().int().min(1).max(50).default(12),
  /** The map's provider, key and default view (map.ts); an invalid map setting leaves the map on its defaults. */
  map: mapSettingsSchema.prefault({}),
});
export type PageSettings = z.infer<typeof pageSettingsSchema>;
export const PAGE_SETTINGS_GLOBAL = '__CITYOPS_CONFIG__';
