import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@cityops/ui';
import { App } from './app/App';
import { pageSettings } from './app/pageSettings';
import './main.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
if (pageSettings.platformTitle) document.title = pageSettings.platformTitle;

void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
