import { describe, expect, it } from 'vitest';
import { convert, coordinateText, projectionFor } from './coords';

describe('coordinates at the provider boundary', () => {
  const nanshan = { lng: 113.93041, lat: 22.53332 };

  it('shifts a point in China by a few hundred metres into GCJ-02, and back to the same 5 decimals', () => {
    const shown = convert(nanshan, 'wgs84', 'gcj02');
    expect(Math.abs(shown.lng - nanshan.lng)).toBeGreaterThan(0.003);
    expect(Math.abs(shown.lat - nanshan.lat)).toBeGreaterThan(0.002);
    const back = convert(shown, 'gcj02', 'wgs84');
    expect(coordinateText(back.lng)).toBe('113.93041');
    expect(coordinateText(back.lat)).toBe('22.53332');
    expect(Math.abs(back.lng - nanshan.lng)).toBeLessThan(1e-7);
  });

  it('keeps points outside China as they are, and WGS-84 providers untouched', () => {
    const paris = { lng: 2.35, lat: 48.85 };
    expect(convert(paris, 'wgs84', 'gcj02')).toEqual(paris);
    const wgs = projectionFor('wgs84');
    expect(wgs.toDisplay(nanshan)).toBe(nanshan);
    const gcj = projectionFor('gcj02');
    expect(gcj.fromDisplay(gcj.toDisplay(nanshan)).lat).toBeCloseTo(nanshan.lat, 7);
  });

  it('writes at most 5 decimals, without trailing zeros', () => {
    expect(coordinateText(113.123456789)).toBe('113.12346');
    expect(coordinateText(22.5)).toBe('22.5');
    expect(coordinateText(-0.000001)).toBe('0');
  });
});
