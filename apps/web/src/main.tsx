import { createRoot, hydrateRoot } from 'react-dom/client';
import { registerServiceWorker } from './app/service-worker-registration.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

/**
 * On a slow phone, evaluating the app's modules is the longest task of the page. React's DOM
 * renderer comes with this file; the app is a second download, evaluated in a task of its own, and
 * started in a third, so a tap is answered in between.
 */
async function start(root: HTMLElement): Promise<void> {
  const { startApp } = await import('./app/start-app.tsx');
  await new Promise((resolve) => setTimeout(resolve));
  await startApp(root, { createRoot, hydrateRoot });
}

void start(container);

registerServiceWorker();
