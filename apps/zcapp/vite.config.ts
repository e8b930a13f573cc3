import { defineConfig } from 'vite';
import { subAppViteConfig } from '@cityops/subapp/vite';

export default defineConfig(subAppViteConfig('zcapp'));
