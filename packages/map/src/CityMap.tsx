import { useCallback, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type {
  ExpressionSpecification,
  GeoJSONSource,
  Map as MapLibreMap,
  Marker,
  PointLike,
} from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import {
  MAP_POLYGON_STROKE,
  MAP_ZOOM,
  type LngLat,
  type MapArea,
  type MapDeviceMarker,
  type MapSettings,
} from '@cityops/contract';
import { readPageSettings } from '@cityops/client';
import { projectionFor, type Projection } from './coords';
import { graticule } from './graticule';
import { loadMapLibre, type MapLibre } from './maplibre';
import { cornersOf, countWithin } from './markerFrame';
import {
  citiesInView,
  loadChinaCities,
  loadChinaWater,
  loadDistricts,
  loadOfflineData,
  type ChinaCity,
} from './offlineData';
import { attachPolygonEditor, type PolygonEditor } from './polygonEditor';
import { CHINA_ZOOM, OFFLINE_SOURCES, PLACE_LAYER_PREFIX, offlineStyle, providerStyle } from './providers';
import { mapTexts } from './texts';
import styles from './CityMap.module.css';

export interface CityMapProps {
  /** Where the view starts (stored coordinates); the page settings' default centre when absent. */
  center?: LngLat;
  zoom?: number;
  /** A place to show: the view moves there each time it changes (a row chosen in a list). */
  focus?: LngLat | null;
  /** The location marker, draggable when `onPointChange` is given. */
  point?: LngLat | null;
  /** The user dragged the marker or clicked the map: the new point, in stored coordinates. */
  onPointChange?(point: LngLat): void;
  /** Device markers, clustered (30 000 stay usable). */
  markers?: readonly MapDeviceMarker[];
  /**
   * Moves the view to hold every marker once they first arrive: for a page that must show all it
   * counts (the alarm boxes of a monitor), wherever they stand. Later changes leave the view alone.
   */
  frameMarkers?: boolean;
  onMarkerClick?(marker: MapDeviceMarker): void;
  /** Area outlines: projects, area directories and area nodes. */
  areas?: readonly MapArea[];
  /** The area (by id) drawn stronger than the others: the one chosen in a list or tree. */
  selectedAreaId?: MapArea['id'] | null;
  /** An outline being edited (stored coordinates); shown when given. */
  polygon?: readonly LngLat[];
  /** With `drawing`, a click adds a corner, a corner dragged moves, a corner right-clicked goes. */
  onPolygonChange?(points: LngLat[]): void;
  drawing?: boolean;
  /** Defaults to the page settings' map. */
  settings?: MapSettings;
  /** Dark colours for the offline map; defaults to the page's theme. */
  dark?: boolean;
  className?: string;
  style?: CSSProperties;
  /** Drawn over the map (a toolbar, a legend). */
  children?: ReactNode;
  /** The MapLibre map once its style and overlays are loaded: for a page's own layers, and benchmarks. */
  onMapReady?(map: MapLibreMap): void;
}

type Status = 'loading' | 'ready' | 'failed';
/** What the map draws underneath: the provider's pictures, or the offline map in an extract's place. */
type Drawn = 'provider' | 'offline-fallback';

const SOURCES = { devices: 'devices', areas: 'areas' } as const;
/** Framing the markers comes no closer than this (one marker, or a few metres apart). */
const FRAME_MAX_ZOOM = 16;
const FRAME_PADDING_PX = 48;
/** The cities whose districts one view loads at most (a view at zoom 8 meets a handful). */
const DISTRICT_CITIES_PER_VIEW = 12;
/** The basemap's layers of China and of an extract (the ones `data-basemap-layers` reports). */
const BASEMAP_LAYER = /^(china-|extract-|place-)/;
/** How many place names `data-places` lists. */
const PLACES_LISTED = 60;
const AREA_COLOURS = { project: '#1677ff', areadir: '#fa8c16', areanode: '#52c41a' } as const;

const pageIsDark = () => globalThis.document?.documentElement.dataset.theme === 'dark';
const centreText = (map: MapLibreMap, projection: Projection) => {
  const centre = projection.fromDisplay(map.getCenter());
  return `${centre.lng.toFixed(6)},${centre.lat.toFixed(6)}`;
};
const displayed = (markers: readonly MapDeviceMarker[] | undefined, projection: Projection) =>
  (markers ?? []).map((marker) => projection.toDisplay(marker));

/** What a hover names: a marker's text label or an area's name, or a cluster's count. */
interface HoverLabel {
  text: string;
  count?: number;
  /** A marker or a cluster: clicking it does something. */
  clickable: boolean;
}

function devicesGeoJson(markers: readonly MapDeviceMarker[], projection: Projection) {
  return {
    type: 'FeatureCollection' as const,
    features: markers.map((marker, index) => {
      const { lng, lat } = projection.toDisplay(marker);
      return {
        type: 'Feature' as const,
        id: index,
        properties: { index, checked: marker.checked ? 1 : 0, color: marker.color ?? '' },
        geometry: { type: 'Point' as const, coordinates: [lng, lat] },
      };
    }),
  };
}

/** The outlines a map can draw (three corners at least). */
const drawable = (areas: readonly MapArea[]) => areas.filter((area) => area.polygon.length >= 3);

function areasGeoJson(areas: readonly MapArea[], selected: MapArea['id'] | null, projection: Projection) {
  return {
    type: 'FeatureCollection' as const,
    features: drawable(areas).map((area) => {
      const ring = area.polygon.map((point) => {
        const { lng, lat } = projection.toDisplay(point);
        return [lng, lat];
      });
      return {
        type: 'Feature' as const,
        properties: { type: area.type, name: area.name, selected: area.id === selected ? 1 : 0 },
        geometry: { type: 'Polygon' as const, coordinates: [[...ring, ...ring.slice(0, 1)]] },
      };
    }),
  };
}

/**
 * The one map of the product: MapLibre GL on the provider the page settings choose (the
 * offline map by default), with a draggable location marker, clustered device markers and area
 * outlines. Everything it is given and gives back is in the stored system (WGS-84); the provider's
 * system is met here. The container says what it shows for tests and tools: `data-state`,
 * `data-centre` (stored lng,lat of the view's centre), `data-zoom`, `data-markers` (how many device
 * markers), `data-markers-in-view` (how many of them the view shows), `data-areas` (the names of the outlines drawn, as a JSON list), `data-selected-area`, and what the basemap drew once the view
 * settled: `data-places` (the place names in view) and `data-basemap-layers` (its layers that show
 * something), both JSON lists.
 */
export function CityMap({
  center,
  zoom,
  focus,
  point,
  onPointChange,
  markers,
  onMarkerClick,
  frameMarkers = false,
  areas,
  selectedAreaId = null,
  polygon,
  onPolygonChange,
  drawing = false,
  settings,
  dark,
  className,
  style,
  children,
  onMapReady,
}: CityMapProps) {
  const t = mapTexts.useTexts();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  /** The library, once loaded with the map (for the marker, made later). */
  const library = useRef<MapLibre | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [drawn, setDrawn] = useState<Drawn>('provider');
  /** The name under the pointer: a device marker's text label, a cluster's count, an area's name. */
  const [label, setLabel] = useState<(HoverLabel & { x: number; y: number }) | null>(null);
  const [chosen] = useState(() => {
    const mapSettings = settings ?? readPageSettings().map;
    const darkMap = dark ?? pageIsDark();
    const provider = providerStyle(mapSettings, darkMap);
    return { mapSettings, provider, darkMap, projection: projectionFor(provider.system) };
  });
  const { projection } = chosen;
  // The latest handlers, read by the map's listeners (set up once).
  const handlers = useRef({ onPointChange, onMarkerClick, onPolygonChange, onMapReady, markers });
  useEffect(() => {
    handlers.current = { onPointChange, onMarkerClick, onPolygonChange, onMapReady, markers };
  });
  const editor = useRef<PolygonEditor | null>(null);
  const initial = useRef({ center: center ?? point ?? null, zoom });
  /** The point this map last gave through `onPointChange` (the view stays where the user put it). */
  const emitted = useRef<LngLat | null>(null);
  /** Whether the view was moved to the markers already (once per map). */
  const framed = useRef(false);
  const emit = useCallback((next: LngLat) => {
    emitted.current = next;
    handlers.current.onPointChange?.(next);
  }, []);

  // The map itself: created once, removed with the component.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: MapLibreMap | null = null;
    let cancelled = false;
    const { mapSettings, provider, darkMap } = chosen;
    /** An extract's style is read from the file; one that cannot be read leaves the offline map. */
    const styleOf = async (maplibre: MapLibre) => {
      if (provider.kind !== 'extract' || !provider.extractUrl)
        return { style: provider.style, offline: provider.kind === 'offline' };
      try {
        // Loaded only for an extract: the pmtiles reader is no weight on the other maps.
        const { extractStyle } = await import('./extract');
        return { style: await extractStyle(maplibre, provider.extractUrl, darkMap), offline: false };
      } catch (error) {
        console.warn('The offline tile extract cannot be read; the built-in offline map is shown', error);
        if (!cancelled) setDrawn('offline-fallback');
        return { style: offlineStyle(darkMap), offline: true };
      }
    };
    void loadMapLibre()
      .then(async (maplibre) => ({ maplibre, ...(await styleOf(maplibre)) }))
      .then(({ maplibre, style, offline }) => {
        if (cancelled) return;
        library.current = maplibre;
        const start = projection.toDisplay(initial.current.center ?? mapSettings.center);
        map = new maplibre.Map({
          container: element,
          style,
          center: [start.lng, start.lat],
          zoom: initial.current.zoom ?? mapSettings.zoom,
          minZoom: MAP_ZOOM.min,
          maxZoom: MAP_ZOOM.max,
          attributionControl: { compact: true },
          dragRotate: false,
          pitchWithRotate: false,
          cooperativeGestures: false,
        });
        mapRef.current = map;
        map.touchZoomRotate.disableRotation();
        map.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        map.addControl(new maplibre.ScaleControl({}), 'bottom-left');
        const describe = () => {
          if (!map) return;
          element.dataset.centre = centreText(map, projection);
          element.dataset.zoom = map.getZoom().toFixed(2);
          const inView = countWithin(displayed(handlers.current.markers, projection), map.getBounds());
          element.dataset.markersInView = String(inView);
        };
        map.on('moveend', describe);
        // What the basemap really drew, once the view settles (for tests and tools): the names of the
        // places in view and which of its layers show anything.
        map.on('idle', () => {
          if (!map) return;
          const basemap = map
            .getStyle()
            // Layers with a source only: a background has no features to query.
            .layers.filter((layer) => layer.type !== 'background' && BASEMAP_LAYER.test(layer.id))
            .map((layer) => layer.id);
          const names = new Set<string>();
          const layers = new Set<string>();
          for (const feature of map.queryRenderedFeatures({ layers: basemap })) {
            layers.add(feature.layer.id);
            const name = (feature.properties as Record<string, unknown>).name;
            if (
              feature.layer.id.startsWith(PLACE_LAYER_PREFIX) &&
              typeof name === 'string' &&
              names.size < PLACES_LISTED
            )
              names.add(name);
          }
          element.dataset.places = JSON.stringify([...names].sort());
          element.dataset.basemapLayers = JSON.stringify([...layers].sort());
        });
        map.on('click', (event) => {
          if (editor.current?.active) return;
          const hit = map?.queryRenderedFeatures(event.point, {
            layers: ['device-points', 'device-clusters'],
          });
          const feature = hit?.[0];
          if (feature && map) {
            clickDevice(map, feature.properties as Record<string, number>, feature.geometry);
            return;
          }
          if (handlers.current.onPointChange) emit(projection.fromDisplay(event.lngLat));
        });
        map.on('mousemove', (event) => {
          if (!map) return;
          const hit = editor.current?.active ? undefined : labelAt(map, event.point);
          map.getCanvas().style.cursor = hit?.clickable ? 'pointer' : '';
          setLabel(hit ? { ...hit, x: event.point.x, y: event.point.y } : null);
        });
        map.on('mouseout', () => setLabel(null));
        map.on('movestart', () => setLabel(null));
        map.on('load', () => {
          if (!map) return;
          addOverlays(map);
          editor.current = attachPolygonEditor(map, projection, (points) =>
            handlers.current.onPolygonChange?.(points),
          );
          if (offline) void fillOffline(map);
          describe();
          setStatus('ready');
          handlers.current.onMapReady?.(map);
        });
        map.on('error', (event) => {
          // A missing tile is the tile server's business; only a map that never loaded is a failure.
          if (map && !map.loaded() && !map.isStyleLoaded()) console.warn('map error', event.error);
        });
      })
      .catch((error: unknown) => {
        console.warn('The map cannot be shown', error);
        if (!cancelled) setStatus('failed');
      });

    /** What the pointer is over, as a label: the nearest marker first, then the area beneath. */
    function labelAt(target: MapLibreMap, at: PointLike): HoverLabel | undefined {
      if (!target.isStyleLoaded()) return undefined;
      const [feature] = target.queryRenderedFeatures(at, {
        layers: ['device-points', 'device-clusters', 'area-fill'],
      });
      if (!feature) return undefined;
      const properties = feature.properties as Record<string, string | number | undefined>;
      if (feature.layer.id === 'device-clusters')
        return { text: '', count: Number(properties.point_count ?? 0), clickable: true };
      if (feature.layer.id === 'device-points') {
        const text = handlers.current.markers?.[Number(properties.index ?? -1)]?.text;
        return { text: text ?? '', clickable: true };
      }
      return properties.name ? { text: String(properties.name), clickable: false } : undefined;
    }

    function clickDevice(
      target: MapLibreMap,
      properties: Record<string, number>,
      geometry: GeoJSON.Geometry,
    ) {
      if (properties.cluster_id !== undefined && geometry.type === 'Point') {
        const source = target.getSource<GeoJSONSource>(SOURCES.devices);
        void source?.getClusterExpansionZoom(properties.cluster_id).then((next) => {
          target.easeTo({ center: geometry.coordinates as [number, number], zoom: next });
        });
        return;
      }
      const marker = handlers.current.markers?.[properties.index ?? -1];
      if (marker) handlers.current.onMarkerClick?.(marker);
    }

    function addOverlays(target: MapLibreMap) {
      const empty = { type: 'FeatureCollection' as const, features: [] };
      target.addSource(SOURCES.areas, { type: 'geojson', data: empty });
      const areaColour: ExpressionSpecification = [
        'match',
        ['get', 'type'],
        'areadir',
        AREA_COLOURS.areadir,
        'areanode',
        AREA_COLOURS.areanode,
        AREA_COLOURS.project,
      ];
      target.addLayer({
        id: 'area-fill',
        type: 'fill',
        source: SOURCES.areas,
        paint: {
          'fill-color': areaColour,
          'fill-opacity': ['case', ['==', ['get', 'selected'], 1], 0.35, 0.12],
        },
      });
      target.addLayer({
        id: 'area-line',
        type: 'line',
        source: SOURCES.areas,
        paint: {
          'line-color': areaColour,
          'line-width': MAP_POLYGON_STROKE.width,
          'line-opacity': MAP_POLYGON_STROKE.opacity,
        },
      });
      target.addSource(SOURCES.devices, {
        type: 'geojson',
        data: empty,
        cluster: true,
        clusterRadius: 50,
        clusterMaxZoom: 17,
      });
      target.addLayer({
        id: 'device-clusters',
        type: 'circle',
        source: SOURCES.devices,
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': ['step', ['get', 'point_count'], '#69b1ff', 100, '#1677ff', 1000, '#0958d9'],
          'circle-radius': ['step', ['get', 'point_count'], 14, 100, 18, 1000, 24],
          'circle-stroke-width': 2,
          'circle-stroke-color': '#ffffff',
        },
      });
      target.addLayer({
        id: 'device-points',
        type: 'circle',
        source: SOURCES.devices,
        filter: ['!', ['has', 'point_count']],
        paint: {
          'circle-color': [
            'case',
            ['==', ['get', 'checked'], 1],
            '#fa541c',
            ['!=', ['get', 'color'], ''],
            ['get', 'color'],
            '#1677ff',
          ],
          'circle-radius': 6,
          'circle-stroke-width': 2,
          'circle-stroke-color': '#ffffff',
        },
      });
    }

    async function fillOffline(target: MapLibreMap) {
      const updateGrid = () => {
        const bounds = target.getBounds();
        target.getSource<GeoJSONSource>(OFFLINE_SOURCES.grid)?.setData(
          graticule({
            west: bounds.getWest(),
            south: bounds.getSouth(),
            east: bounds.getEast(),
            north: bounds.getNorth(),
          }),
        );
      };
      updateGrid();
      // Once the view settles: a pan fires moveend at every step, and each new grid is re-tiled.
      let settle: ReturnType<typeof setTimeout> | undefined;
      target.on('moveend', () => {
        clearTimeout(settle);
        settle = setTimeout(updateGrid, 150);
      });
      target.on('remove', () => clearTimeout(settle));
      // Not awaited with the rest: a map without its water still shows everything else.
      loadChinaWater()
        .then((water) => {
          if (!cancelled) target.getSource<GeoJSONSource>(OFFLINE_SOURCES.water)?.setData(water);
        })
        .catch((error: unknown) => console.warn("The offline map's water did not load", error));
      try {
        const data = await loadOfflineData();
        target.getSource<GeoJSONSource>(OFFLINE_SOURCES.land)?.setData(data.land);
        target.getSource<GeoJSONSource>(OFFLINE_SOURCES.borders)?.setData(data.borders);
      } catch (error) {
        // The graticule alone still places a point; say why the land is missing.
        console.warn('The offline map data did not load', error);
      }
      try {
        const china = await loadChinaCities();
        if (cancelled) return;
        target.getSource<GeoJSONSource>(OFFLINE_SOURCES.cities)?.setData(china.data);
        fillDistricts(target, china.cities);
        target.on('moveend', () => fillDistricts(target, china.cities));
      } catch (error) {
        console.warn("The offline map's China data did not load", error);
      }
    }

    /** The districts of the cities in view, once the view is close enough to show them. */
    const shownDistricts = new Map<string, GeoJSON.Feature[]>();
    function fillDistricts(target: MapLibreMap, all: readonly ChinaCity[]) {
      if (target.getZoom() < CHINA_ZOOM.districts) return;
      const bounds = target.getBounds();
      const view = {
        west: bounds.getWest(),
        south: bounds.getSouth(),
        east: bounds.getEast(),
        north: bounds.getNorth(),
      };
      const wanted = citiesInView(all, view).slice(0, DISTRICT_CITIES_PER_VIEW);
      for (const city of wanted) {
        if (shownDistricts.has(city.id)) continue;
        shownDistricts.set(city.id, []);
        loadDistricts(city.id)
          .then((collection) => {
            if (cancelled) return;
            shownDistricts.set(city.id, collection.features);
            target.getSource<GeoJSONSource>(OFFLINE_SOURCES.districts)?.setData({
              type: 'FeatureCollection',
              features: [...shownDistricts.values()].flat(),
            });
          })
          .catch((error: unknown) => {
            shownDistricts.delete(city.id);
            console.warn(`The districts of ${city.name} did not load`, error);
          });
      }
    }

    return () => {
      cancelled = true;
      markerRef.current = null;
      mapRef.current = null;
      library.current = null;
      editor.current = null;
      map?.remove();
    };
  }, [chosen, projection, emit]);

  // The location marker follows `point`. A point typed in (not one this map just gave) moves the view.
  useEffect(() => {
    const map = mapRef.current;
    const maplibre = library.current;
    if (status !== 'ready' || !map || !maplibre) return;
    if (!point) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const shown = projection.toDisplay(point);
    if (markerRef.current) markerRef.current.setLngLat([shown.lng, shown.lat]);
    else {
      const draggable = Boolean(handlers.current.onPointChange);
      const created = new maplibre.Marker({ draggable, color: '#f5222d' })
        .setLngLat([shown.lng, shown.lat])
        .addTo(map);
      created.getElement().setAttribute('aria-label', t('marker'));
      created.getElement().dataset.testid = 'map-marker';
      created.on('dragend', () => emit(projection.fromDisplay(created.getLngLat())));
      markerRef.current = created;
    }
    const given = emitted.current;
    emitted.current = null;
    const ours = given && Math.abs(given.lng - point.lng) < 1e-5 && Math.abs(given.lat - point.lat) < 1e-5;
    if (!ours) map.easeTo({ center: [shown.lng, shown.lat], duration: 300 });
  }, [point, status, projection, t, emit]);

  useEffect(() => {
    const map = mapRef.current;
    const element = container.current;
    if (status !== 'ready' || !map || !element) return;
    map.getSource<GeoJSONSource>(SOURCES.devices)?.setData(devicesGeoJson(markers ?? [], projection));
    const points = displayed(markers, projection);
    const corners = frameMarkers && !framed.current ? cornersOf(points) : null;
    if (corners) {
      framed.current = true;
      map.fitBounds(corners, { padding: FRAME_PADDING_PX, maxZoom: FRAME_MAX_ZOOM, duration: 0 });
    }
    element.dataset.markers = String(markers?.length ?? 0);
    element.dataset.markersInView = String(countWithin(points, map.getBounds()));
  }, [markers, status, projection, frameMarkers]);

  useEffect(() => {
    const map = mapRef.current;
    if (status !== 'ready' || !map || !focus) return;
    const shown = projection.toDisplay(focus);
    map.easeTo({ center: [shown.lng, shown.lat], duration: 400 });
  }, [focus, status, projection]);

  useEffect(() => {
    if (status !== 'ready') return;
    editor.current?.setPoints(polygon ?? []);
  }, [polygon, status]);

  useEffect(() => {
    if (status !== 'ready') return;
    editor.current?.setActive(drawing && Boolean(onPolygonChange));
  }, [drawing, onPolygonChange, status]);

  useEffect(() => {
    const map = mapRef.current;
    const element = container.current;
    if (status !== 'ready' || !map || !element) return;
    const shown = areas ?? [];
    map.getSource<GeoJSONSource>(SOURCES.areas)?.setData(areasGeoJson(shown, selectedAreaId, projection));
    element.dataset.areas = JSON.stringify(drawable(shown).map((area) => area.name));
    const selected = shown.find((area) => area.id === selectedAreaId);
    if (selected) element.dataset.selectedArea = selected.name;
    else delete element.dataset.selectedArea;
  }, [areas, selectedAreaId, status, projection]);

  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')} style={style}>
      <div
        ref={container}
        className={styles.map}
        role="region"
        aria-label={t('label')}
        data-state={status}
        data-provider={drawn === 'provider' ? chosen.provider.kind : 'offline'}
      />
      {status === 'loading' && <div className={styles.notice}>{t('loading')}</div>}
      {status === 'failed' && (
        <div className={styles.notice} role="alert">
          {t('failed')}
        </div>
      )}
      {label && (label.text !== '' || label.count !== undefined) && (
        <div className={styles.label} role="tooltip" style={{ left: label.x + 12, top: label.y + 12 }}>
          {label.count === undefined ? label.text : t('cluster', { count: label.count })}
        </div>
      )}
      {status === 'ready' && (chosen.provider.kind === 'offline' || drawn === 'offline-fallback') && (
        <div className={styles.badge}>
          {t(drawn === 'offline-fallback' ? 'extractMissing' : 'offlineBadge')}
        </div>
      )}
      {status === 'ready' && chosen.provider.kind === 'extract' && drawn === 'provider' && (
        <div className={styles.badge}>{t('extractBadge')}</div>
      )}
      {children}
    </div>
  );
}
