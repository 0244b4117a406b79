/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress-plugin.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

// The path aliases of tsconfig.base.json, for the build and every Vitest project.
const srcDir = (dir: string) => fileURLToPath(new URL(`./src/${dir}/`, import.meta.url));
const alias = [
  { find: /^@shared\//, replacement: srcDir('shared') },
  { find: /^@app\//, replacement: srcDir('app') },
  { find: /^@server\//, replacement: srcDir('server') },
];

// Colours match index.html's theme-color and the page background (Tailwind slate-50).
const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Fleet Portal — middleware configuration',
  short_name: 'Fleet Portal',
  description: 'Middleware configuration portal for vehicle telematics',
  lang: 'en',
  // The shell is precached and every navigation falls back to it, so '/' opens offline too.
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#1549de',
  background_color: '#f8fafc',
  categories: ['business', 'productivity', 'utilities'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-192.png',
      sizes: '192x192',
      type: 'image/png',
      purpose: 'maskable',
    },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
};

export default defineConfig({
  resolve: { alias },
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
      autoCodeSplitting: true,
      // A route's loader travels with its screen, so what loaders import (list schemas, query
      // options) stays out of the sign-in page's entry bundle (decision 022). The dashboard's
      // stays in the entry: it is the first screen after sign-in, its data starts at once.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) =>
          routeId === '/_authenticated/'
            ? undefined
            : [
                ['loader', 'component'],
                ['pendingComponent'],
                ['errorComponent'],
                ['notFoundComponent'],
              ],
      },
    }),
    react(),
    tailwindcss(),
    VitePWA({
      // main.tsx registers through workbox-window and asks before activating an update.
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      workbox: {
        // The shell, every route chunk and the icons (the plugin adds the manifest itself), and
        // the label scanner's barcode reader (WebAssembly, 1.1 MB: under Workbox's 2 MiB limit
        // per file) so scanning works offline (decision 067). API answers are never cached
        // here: they live in the persisted query cache.
        globPatterns: ['**/*.{js,css,html,svg,png,wasm}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        cleanupOutdatedCaches: true,
        // Workbox's own code: no map, and no sourceMappingURL pointing at one (issue 25).
        sourcemap: false,
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    // Written for debugging but not linked from the scripts, and the server does not serve them
    // (src/server/http/static.ts): the sources stay private (issue 25).
    sourcemap: 'hidden',
    rolldownOptions: {
      // Plugin timings are a profiling aid; on a busy machine they printed a block on every start.
      checks: { pluginTimings: false },
      output: {
        // Rolldown splits modules by the set of lazy routes sharing them, which gave the sign-in
        // page 31 files, most under 1 KiB, each a round trip on a slow phone network. These
        // groups keep what every screen needs in a few files (decision 022).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            {
              name: 'tanstack',
              test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query|query-persist-client-core)[\\/]/,
              priority: 2,
            },
            {
              name: 'app-core',
              // The endpoints and forwards lookups stay out: only screens after sign-in use them (decision 022).
              test: /src[\\/]app[\\/]lib[\\/](?!dayjs|lookups[\\/](endpoints|forwards|all-pages|auth-servers))|node_modules[\\/](idb-keyval|workbox-window)[\\/]/,
              priority: 1,
            },
            {
              // The route files' search rules (filters, list URLs) load with the entry: one file
              // instead of ten of a few hundred bytes each.
              name: 'route-search',
              test: /src[\\/]shared[\\/][\w-]+[\\/]([\w-]+-lists?|id-limits|list-paths)\.ts$|src[\\/]app[\\/](features[\\/][\w-]+[\\/]model[\\/][\w-]*list-urls?|components[\\/]list[\\/]model|components[\\/]ui[\\/]focus)\.ts$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // ws: the installation test's hub upgrades /api/socketdevicetests/ws to a WebSocket.
  server: { proxy: { '/api': { target: apiTarget, ws: true } } },
  test: {
    // Vitest's default (one fewer than the cores) gives a 2-core CI machine one worker, the
    // other core waiting on a file's database or browser; two keep both busy (decision 058).
    // The e2e project still runs its files one at a time, after the others (decision 061).
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    // Every project: a console.error during a test fails it.
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'shared', environment: 'node', include: ['src/shared/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          // A worker runs its files in one module graph: each file imported the server anew,
          // ~2.5 s of a file's ~6 s (decision 066). Every file opens its own database and app.
          isolate: false,
          // The demo data seeded once for the run, each file starting from a copy.
          globalSetup: ['./tests/setup/server-build.ts', './src/server/test/seeded-demo-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'happy-dom',
          // A hang guard, not a speed check: the largest forms (192 bit boxes) render in
          // happy-dom for seconds on a busy 2-core machine.
          testTimeout: 15_000,
          include: ['src/app/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['./tests/setup/server-build.ts', './tests/setup/e2e-template.ts'],
          // One file at a time: two at once was not shown stable on the 2-core machine (decision 061).
          fileParallelism: false,
          testTimeout: 60_000,
          // expect.poll's own second is too short for a screen on a busy 2-core machine.
          expect: { poll: { timeout: 15_000 } },
          // The first file's start seeds the demo template (up to three minutes on a busy machine).
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
