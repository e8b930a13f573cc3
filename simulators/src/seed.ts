import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const seedCameraSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  name: z.string().min(1).max(64),
  lng: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  ptz: z.boolean(),
});

export const seedSchema = z.object({
  city: z.string().optional(),
  hik: z.array(seedCameraSchema),
  icc: z.array(seedCameraSchema),
});

export type SeedCamera = z.infer<typeof seedCameraSchema>;
export type Seed = z.infer<typeof seedSchema>;

export const defaultSeedPath = fileURLToPath(new URL('../seed/cameras.json', import.meta.url));

export function loadSeed(path = defaultSeedPath): Seed {
  const seed = seedSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  const codes = [...seed.hik, ...seed.icc].map((camera) => camera.code);
  const duplicate = codes.find((code, index) => codes.indexOf(code) !== index);
  if (duplicate) throw new Error(`camera code ${duplicate} appears twice in the seed`);
  return seed;
}
