import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '5000'}`;
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/objects': { target: apiTarget, changeOrigin: true },
};

/** `#web/lib/utils` is `src/web/lib/utils`: no deep `../../../` paths in the web app (tsconfig's paths say the same). */
export const webAlias = [{ find: /^#web\/(.*)$/, replacement: `${fileURLToPath(new URL('./src/web', import.meta.url))}/$1` }];

export default defineConfig({
  resolve: { alias: webAlias },
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    // The JavaScript budget test (tests/e2e/js-budget.spec.ts) reads which files each page loads.
    manifest: true,
    // DIST_DIR lets parallel builds (one per engineer or CI job) stay out of each other's way.
    outDir: fileURLToPath(new URL(`./${process.env.DIST_DIR ?? 'dist'}/web`, import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React itself changes far less often than the app and every page needs it: its own long-cached
            // chunk. Router, TanStack Query and Radix are left to the bundler, so a page loads only what it uses.
            {
              name: 'react-vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 20,
            },
            // The rich-text editor: only creators' forms load it, under a name that says what it is.
            {
              name: 'tiptap-vendor',
              test: /[\\/]node_modules[\\/](@tiptap|prosemirror-[^\\/]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/,
              priority: 15,
            },
          ],
        },
      },
    },
  },
});
