import { describe, expect, it } from 'vitest';
import { cornersOf, countWithin } from './markerFrame';

describe('framing the markers', () => {
  const boxes = [
    { lng: 113.937, lat: 22.533 },
    { lng: 113.924, lat: 22.527 },
    { lng: 113.93, lat: 22.54 },
  ];

  it('takes the smallest box holding every marker, and none without markers', () => {
    expect(cornersOf(boxes)).toEqual([
      [113.924, 22.527],
      [113.937, 22.54],
    ]);
    expect(cornersOf([{ lng: 117.26, lat: 31.85 }])).toEqual([
      [117.26, 31.85],
      [117.26, 31.85],
    ]);
    expect(cornersOf([])).toBeNull();
  });

  it('counts the markers a view holds', () => {
    const nanshan = {
      contains: ([lng, lat]: [number, number]) => lng > 113.9 && lng < 113.96 && lat > 22.52 && lat < 22.55,
    };
    expect(countWithin(boxes, nanshan)).toBe(3);
    expect(countWithin([...boxes, { lng: 117.26, lat: 31.85 }], nanshan)).toBe(3);
  });
});
