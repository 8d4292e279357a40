import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const backend = 'http://localhost:8080';
const proxied = ['/api', '/manage', '/graphql', '/bus', '/oidc', '/static', '/config.json'];

// In production the server replaces <!--base-href--> with <base href="BASE_PATH">; the dev server does the same
// for '/' so deep links such as /workflow/index still resolve config.json and assets from the root.
const devBaseHref: Plugin = {
  name: 'dev-base-href',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace('<!--base-href-->', '<base href="/">'),
};

// base './' keeps asset URLs relative: the server injects <base href="BASE_PATH"> so one build serves any base path.
export default defineConfig({
  base: './',
  plugins: [react(), devBaseHref],
  resolve: {
    // npm hoisted a React 18 (a peer of some dependency) to the root; make every package use our React 19.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }])),
  },
});
