import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import './styles.css';

// Zod's compiled validators use `new Function`, which FanGrid's CSP forbids (even the probe for it is
// reported as a violation). Zod keeps its global config on globalThis.__zod_globalConfig and adopts an
// existing one, so setting `jitless` here, before any screen loads zod, costs the first load nothing.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

const container = document.getElementById('root');
if (!container) throw new Error('FanGrid: #root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
