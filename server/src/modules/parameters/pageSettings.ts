import type { MapSettings, PageSettings, StoredParameters } from '@cityops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../http/context.js';
import { readPageSettings } from '../shell/pageSettings.js';

type MapParameters = StoredParameters['map'];

/** The map block of the page settings as the map parameters. */
export const mapParametersOf = (map: MapSettings): MapParameters => ({
  provider: map.provider,
  tileUrl: map.tileUrl,
  tileCoordinates: map.tileCoordinates,
  extractFile: map.extractFile,
  amapKey: map.amapKey,
  amapSecurityCode: map.amapSecurityCode,
  centerLng: map.center.lng,
  centerLat: map.center.lat,
  zoom: map.zoom,
});

const mapSettingsOf = (map: MapParameters): MapSettings => ({
  provider: map.provider,
  tileUrl: map.tileUrl,
  tileCoordinates: map.tileCoordinates,
  extractFile: map.extractFile,
  amapKey: map.amapKey,
  amapSecurityCode: map.amapSecurityCode,
  center: { lng: map.centerLng, lat: map.centerLat },
  zoom: map.zoom,
});

/**
 * The page settings `/config.js` serves: DATA_DIR/page-settings.json (read on every request), with the
 * tab limit and the map block of the parameters over it once an administrator has saved them.
 */
export async function pageSettingsInForce(
  ctx: Pick<AppContext, 'config' | 'now' | 'parameters'>,
  log: FastifyBaseLogger,
): Promise<PageSettings> {
  const [settings, { values, saved }] = await Promise.all([
    readPageSettings(ctx.config, ctx.now(), log),
    ctx.parameters.read(),
  ]);
  return {
    ...settings,
    ...(saved.has('tabs') ? { maxTabs: values.tabs.maxTabs } : {}),
    ...(saved.has('map') ? { map: mapSettingsOf(values.map) } : {}),
  };
}
