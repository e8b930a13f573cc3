import { describe, expect, it } from 'vitest';
import { outlineCentre } from './OutlineEditor';

describe('outlineCentre', () => {
  it('is the middle of the outline’s bounding box, and nothing for no outline', () => {
    expect(
      outlineCentre([
        { lng: 113.925, lat: 22.528 },
        { lng: 113.94, lat: 22.528 },
        { lng: 113.94, lat: 22.54 },
      ]),
    ).toEqual({ lng: 113.9325, lat: 22.534 });
    expect(outlineCentre([])).toBeUndefined();
  });
});
