import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readToken } from '@cityops/client';
import { isLoginPath } from './app/guardDecision';
import { pageSettings } from './app/pageSettings';
import { Boot } from './boot/Boot';
import './main.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
if (pageSettings.platformTitle) document.title = pageSettings.platformTitle;

// A login address without a session shows the light login at once; the full shell loads behind it.
// Everywhere else the full shell loads as the page's first thing.
createRoot(root).render(
  <StrictMode>
    <Boot startOnLogin={isLoginPath(window.location.pathname) && readToken() === null} />
  </StrictMode>,
);
