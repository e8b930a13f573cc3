import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { SubApp } from '@cityops/contract';
import { readPageSettings } from '@cityops/client';
import { initI18n } from '@cityops/ui';
import { createRuntime } from './runtime.js';
import { SubAppRoot, type SubAppPages } from './SubAppRoot.js';

/**
 * A sub-app's entry point: it says `ready` to the shell at once (the shell answers with the page to
 * show, the theme and the locale), then renders its pages.
 */
export async function startSubApp({ app, pages }: { app: SubApp; pages: SubAppPages }): Promise<void> {
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  const runtime = createRuntime({ app, window, baseUrl: readPageSettings().baseUrl });
  await initI18n();
  createRoot(element).render(
    <StrictMode>
      <SubAppRoot runtime={runtime} pages={pages} />
    </StrictMode>,
  );
}
