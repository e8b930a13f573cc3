import { seeded } from '@cityops/contract';

/**
 * The daily patterns of the simulated sensors, as pure functions of the time: the hour of day in China
 * time (UTC+8, no daylight saving) drives temperature, humidity, PM2.5 and noise; a seeded random source
 * adds each device's small noise. No timers, no state: the fleet and the tests call them alike.
 */

const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The hour of day in China time, with its fraction (0 <= h < 24). */
export function chinaHour(epochMs: number): number {
  const ms = (((epochMs + CHINA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  return ms / 3_600_000;
}

/** The contract's small deterministic generator: the same device makes the same noise on every run. */
export const seededRandom = seeded;

/** A stable 32-bit seed from a text (FNV-1a), e.g. a device key. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Roughly normal noise with the given spread (the sum of three uniforms). */
export function gauss(random: () => number, spread: number): number {
  return (random() + random() + random() - 1.5) * spread * 2;
}

/** 1 at the peak hour, falling off like a bell over `width` hours (wrapping round midnight). */
function bell(hour: number, peak: number, width: number): number {
  const distance = Math.min(Math.abs(hour - peak), 24 - Math.abs(hour - peak));
  return Math.exp(-((distance / width) ** 2));
}

/** -1 .. 1 over the day, 1 at 15:00 (the warmest hour), -1 at 03:00. */
export function afternoonWave(hour: number): number {
  return Math.cos((2 * Math.PI * (hour - 15)) / 24);
}

/** Air temperature in ℃ around a device's own mean: 7 degrees either side, warmest mid-afternoon. */
export const temperatureAt = (hour: number, mean: number) => mean + 7 * afternoonWave(hour);

/** Relative humidity in %: the inverse of temperature, most humid before dawn. */
export const humidityAt = (hour: number, mean: number) => mean - 18 * afternoonWave(hour);

/** PM2.5 in μg/m³: a background with the morning (08:00) and evening (18:30) rush hours on top. */
export const pm25At = (hour: number, background: number) =>
  background + 45 * bell(hour, 8, 1.3) + 55 * bell(hour, 18.5, 1.6);

/** Street noise in dB: about 42 at night, rising from 06:00 to about 64 by day, falling after 22:00. */
export function noiseAt(hour: number, daytime: number): number {
  const day = 1 / (1 + Math.exp(-(hour - 6.5) * 2.5)) - 1 / (1 + Math.exp(-(hour - 22.5) * 2.5));
  return 42 + (daytime - 42) * day + 4 * bell(hour, 8, 1.3) + 4 * bell(hour, 18.5, 1.6);
}

/** Whether street lamps are lit at this hour: dusk (18:00) to dawn (06:30). */
export const lampsLit = (hour: number) => hour >= 18 || hour < 6.5;

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
export const round1 = (value: number) => Math.round(value * 10) / 10;
