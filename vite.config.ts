import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // The strict CSP forbids inline scripts; keep the modulepreload polyfill out of index.html.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Lazy screens share many tiny modules (one per lucide icon, small UI pieces). Served over HTTP/1.1,
        // a few dozen 1 KB requests queue behind the browser's six connections; grouping them keeps each
        // screen to a handful of requests. Modules the shell needs are not in these groups.
        codeSplitting: {
          groups: [{ name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
