import { fromGeojsonVt } from '@maplibre/vt-pbf';

/*
 * A tiny PMTiles v3 archive for tests (the pmtiles package reads archives but does not write them):
 * one vector tile per zoom level over a point, holding a small square around it and the point with a
 * name, where the point is. Written
 * by the specification (github.com/protomaps/PMTiles, spec/v3): a 127-byte header, the root
 * directory, the JSON metadata, then the tiles, with no compression anywhere.
 */

const EXTENT = 4096;
const HEADER_BYTES = 127;
const NO_COMPRESSION = 1;
const MVT = 1;

function varint(value: number, out: number[]) {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

/** Hilbert-curve tile id (the specification's zxyToTileId). */
export function tileId(z: number, x: number, y: number): number {
  let acc = 0;
  for (let level = 0; level < z; level += 1) acc += 4 ** level;
  const n = 2 ** z;
  let d = 0;
  let [rx, ry, tx, ty] = [0, 0, x, y];
  for (let s = n / 2; s >= 1; s /= 2) {
    rx = (tx & s) > 0 ? 1 : 0;
    ry = (ty & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        tx = s - 1 - tx;
        ty = s - 1 - ty;
      }
      [tx, ty] = [ty, tx];
    }
  }
  return acc + d;
}

/** The tile at zoom `z` holding a point (Web Mercator, XYZ), and where in it the point is. */
function tileAt(z: number, lng: number, lat: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const fx = ((lng + 180) / 360) * n;
  const fy = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  const [x, y] = [Math.floor(fx), Math.floor(fy)];
  return { x, y, at: [Math.round((fx - x) * EXTENT), Math.round((fy - y) * EXTENT)] as const };
}

/** A small square around the point, and the point with its name. */
function vectorTile(layer: string, name: string, [px, py]: readonly [number, number]): Uint8Array {
  const half = EXTENT / 16;
  const square = [
    [px - half, py - half],
    [px + half, py - half],
    [px + half, py + half],
    [px - half, py + half],
    [px - half, py - half],
  ];
  const tile = {
    features: [
      { type: 3, geometry: [square], tags: { kind: 'block' } },
      { type: 1, geometry: [[px, py]], tags: { name } },
    ],
  };
  return fromGeojsonVt({ [layer]: tile } as unknown as Parameters<typeof fromGeojsonVt>[0], {
    version: 2,
    extent: EXTENT,
  });
}

export interface TestExtract {
  /** Where the square is: the tiles of zooms `minZoom`-`maxZoom` that hold this point. */
  lng: number;
  lat: number;
  minZoom: number;
  maxZoom: number;
  layer: string;
  name: string;
}

/** The archive's bytes. */
export function writePmtiles({ lng, lat, minZoom, maxZoom, layer, name }: TestExtract): Buffer {
  const tiles = [];
  for (let z = minZoom; z <= maxZoom; z += 1) {
    const { x, y, at } = tileAt(z, lng, lat);
    tiles.push({ id: tileId(z, x, y), data: vectorTile(layer, name, at) });
  }
  tiles.sort((a, b) => a.id - b.id);
  const entries: { id: number; offset: number; length: number }[] = [];
  let offset = 0;
  for (const tile of tiles) {
    entries.push({ id: tile.id, offset, length: tile.data.length });
    offset += tile.data.length;
  }
  const directory: number[] = [];
  varint(entries.length, directory);
  let previous = 0;
  for (const entry of entries) {
    varint(entry.id - previous, directory);
    previous = entry.id;
  }
  for (let i = 0; i < entries.length; i += 1) varint(1, directory); // run lengths
  for (const entry of entries) varint(entry.length, directory);
  entries.forEach((entry, i) => {
    const before = entries[i - 1];
    // 0: right after the previous tile; otherwise the offset plus one.
    varint(before && entry.offset === before.offset + before.length ? 0 : entry.offset + 1, directory);
  });
  const metadata = Buffer.from(
    JSON.stringify({ vector_layers: [{ id: layer, fields: { name: 'String', kind: 'String' } }] }),
  );
  const root = Buffer.from(directory);
  const data = Buffer.concat(tiles.map((tile) => Buffer.from(tile.data)));

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(8, HEADER_BYTES);
  u64(16, root.length);
  u64(24, HEADER_BYTES + root.length);
  u64(32, metadata.length);
  u64(40, HEADER_BYTES + root.length + metadata.length);
  u64(48, 0);
  u64(56, HEADER_BYTES + root.length + metadata.length);
  u64(64, data.length);
  u64(72, entries.length);
  u64(80, entries.length);
  u64(88, entries.length);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(NO_COMPRESSION, 97);
  header.writeUInt8(NO_COMPRESSION, 98);
  header.writeUInt8(MVT, 99);
  header.writeUInt8(minZoom, 100);
  header.writeUInt8(maxZoom, 101);
  const e7 = (value: number) => Math.round(value * 1e7);
  header.writeInt32LE(e7(lng - 1), 102);
  header.writeInt32LE(e7(lat - 1), 106);
  header.writeInt32LE(e7(lng + 1), 110);
  header.writeInt32LE(e7(lat + 1), 114);
  header.writeUInt8(maxZoom, 118);
  header.writeInt32LE(e7(lng), 119);
  header.writeInt32LE(e7(lat), 123);
  return Buffer.concat([header, root, metadata, data]);
}
