import { describe, expect, it } from 'vitest';
import { graticule, graticuleStep } from './graticule';

describe('the offline map’s graticule', () => {
  it('spaces its lines to suit the view: whole world in 30°, a district in thousandths', () => {
    expect(graticuleStep(360)).toBe(30);
    expect(graticuleStep(10)).toBe(1);
    expect(graticuleStep(0.05)).toBe(0.005);
    expect(graticuleStep(0.0001)).toBe(0.001);
  });

  it('covers the view and a view’s margin, with round values', () => {
    const lines = graticule({ west: 113.9, south: 22.5, east: 114.0, north: 22.6 });
    const meridians = lines.features.filter((line) => line.properties.kind === 'lng');
    const values = meridians.map((line) => line.properties.value);
    expect(values[0]).toBeLessThanOrEqual(113.8);
    expect(values.at(-1)).toBeGreaterThanOrEqual(114.1);
    expect(values).toContain(113.95);
    expect(meridians.length).toBeLessThan(40);
  });

  it('stays inside the world at its edges', () => {
    const lines = graticule({ west: -180, south: -85, east: 180, north: 85 });
    for (const line of lines.features) {
      for (const [lng, lat] of line.geometry.coordinates as [number, number][]) {
        expect(Math.abs(lng)).toBeLessThanOrEqual(180);
        expect(Math.abs(lat)).toBeLessThanOrEqual(85);
      }
    }
  });
});
