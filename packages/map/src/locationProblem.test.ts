import { describe, expect, it } from 'vitest';
import { locationProblem } from './LocationPicker';

describe('the location rule of §5', () => {
  it('names the latitude for a wrong latitude, even before the longitude is typed', () => {
    expect(locationProblem({ longitude: '', latitude: '95' })).toBe('latitude.format');
    expect(locationProblem({ longitude: '113.93041', latitude: '95' })).toBe('latitude.format');
    expect(locationProblem({ longitude: '113.93041', latitude: '-90.5' })).toBe('latitude.format');
  });

  it('names the longitude for a wrong longitude, and the missing half of a pair', () => {
    expect(locationProblem({ longitude: '181', latitude: '' })).toBe('longitude.format');
    expect(locationProblem({ longitude: '', latitude: '22.53332' })).toBe('longitude.format');
    expect(locationProblem({ longitude: '113.93041', latitude: '' })).toBe('latitude.format');
  });

  it('takes a right pair, and no pair unless one is required', () => {
    expect(locationProblem({ longitude: '113.93041', latitude: '22.53332' })).toBeNull();
    expect(locationProblem({ longitude: '', latitude: '' })).toBeNull();
    expect(locationProblem({ longitude: '', latitude: '' }, true)).toBe('longitude.format');
  });
});
