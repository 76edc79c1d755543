import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PlayApp } from './play-app';
import { JoinApp } from './screens/join-screen';
import { detectPlayLanguage } from './play-i18n';
import { registerPlayServiceWorker } from './play-push';
import './play.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
document.documentElement.lang = detectPlayLanguage();
createRoot(root).render(
  <StrictMode>
    {/* A store's join link (/play/join/<code>) and the newcomer's waiting page have no /play session yet. */}
    {window.location.pathname.startsWith('/play/join') ? <JoinApp /> : <PlayApp />}
  </StrictMode>,
);
// The service worker shows pushes and makes /play installable (manifest in play/index.html).
void registerPlayServiceWorker();
