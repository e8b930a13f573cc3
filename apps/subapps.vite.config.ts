import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { subAppsBuildConfig } from '@cityops/subapp/vite';

/** The production build of the six sub-apps together: `npm run build:subapps`. */
export default defineConfig(
  subAppsBuildConfig(import.meta.dirname, resolve(import.meta.dirname, '../dist/subapps')),
);
