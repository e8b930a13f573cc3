import { describe, expect, it } from 'vitest';
import { staticClosure, subAppPreload, type BuildManifest } from './build.js';
import { SUB_APPS } from './constants.js';

const manifest: BuildManifest = {
  ...Object.fromEntries(
    SUB_APPS.map((app) => [
      `${app}/index.html`,
      { file: `assets/${app}-1.js`, isEntry: true, imports: ['_start.js'], css: [`assets/${app}-1.css`] },
    ]),
  ),
  '_start.js': { file: 'assets/start-abc.js', imports: ['_runtime.js'], css: ['assets/start-abc.css'] },
  '_runtime.js': { file: 'assets/runtime-def.js' },
  'iotcloud/src/video/VideoPage.tsx': { file: 'assets/VideoPage-x.js', imports: ['_start.js'] },
};

describe('the build manifest', () => {
  it('follows static imports transitively, each file once, with styles', () => {
    expect(staticClosure(manifest, ['omapp/index.html', 'iotcloud/src/video/VideoPage.tsx'])).toEqual([
      'assets/omapp-1.js',
      'assets/omapp-1.css',
      'assets/start-abc.js',
      'assets/start-abc.css',
      'assets/runtime-def.js',
      'assets/VideoPage-x.js',
    ]);
    expect(() => staticClosure(manifest, ['nope'])).toThrow(/no chunk nope/);
  });

  it('lists what every sub-app entry shares, on the shared assets path', () => {
    expect(subAppPreload(manifest).files).toEqual([
      '/subapps/assets/start-abc.js',
      '/subapps/assets/start-abc.css',
      '/subapps/assets/runtime-def.js',
    ]);
    expect(subAppPreload(manifest, 'https://static.city.example').files[0]).toBe(
      'https://static.city.example/subapps/assets/start-abc.js',
    );
  });
});
