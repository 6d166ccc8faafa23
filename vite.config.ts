import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SHARED_CONTENT } from './core/content/access';

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig(() => ({
  root: 'app',
  publicDir: 'public',
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Every browser the es2022 target runs in preloads modules itself except Safari before 17,
    // where lazy pages still load, one import after another; the polyfill would cost the home
    // page's first load about 0.4 KB for that alone.
    modulePreload: { polyfill: false },
  },
  server: {
    // `npm run dev`: Vite serves the SPA with HMR and forwards API calls to the watched server.
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${serverPort}`, '/dev': `http://127.0.0.1:${serverPort}` },
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by app/lib/service-worker.ts, which also copes with an already-fired load event.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'theme-init.js', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Skillway',
        short_name: 'Skillway',
        description:
          'Practical English, vocabulary, interview practice and career skills for professionals.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1d4ed8',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/dev\//],
        cleanupOutdatedCaches: true,
        // Reminders by push (issue 30): the worker shows them and opens their page on a click.
        // A small script added to the generated worker, so Workbox keeps writing the rest.
        importScripts: ['/push-worker.js'],
        // The worker controls the page that installed it, so the first session's reads are
        // kept for offline too (app/shell/SyncStatus.tsx reads them again when it takes over).
        clientsClaim: true,
        // Offline practice: content (quizzes, deep dive, word sets…) is answered from the cache
        // at once and refreshed behind it. Content that depends on the role (premium items,
        // interview sets) is left out, as the server marks it private. The learner's own reads
        // that practice and Today are made of — the review queue, the dashboard and today's
        // glance, grammar stats (the path), assignments — change, so they come from the
        // network when there is one and from the last copy without (decision 042).
        runtimeCaching: [
          {
            urlPattern: SHARED_CONTENT,
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'skillway-content',
              expiration: { maxEntries: 300 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: /\/api\/(review|dashboard|grammar\/stats|teams\/assignments)(\/|\?|$)/,
            handler: 'NetworkFirst',
            options: {
              // Per-user data: app/lib/auth.ts (USER_CACHE) deletes it on sign-out. The name
              // is from when it held the review queue alone; a new one would strand old copies.
              cacheName: 'skillway-review',
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 50 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
}));
