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
    // DIST_DIR lets parallel builds (one per engineer or CI job) stay out of each other's way.
    outDir: fileURLToPath(new URL(`./${process.env.DIST_DIR ?? 'dist'}/web`, import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Framework code changes far less often than the app: its own long-cached chunk.
            {
              name: 'react-vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 20,
            },
            // The rich-text editor: only creators' forms load it, under a name that says what it is.
            {
              name: 'tiptap-vendor',
              test: /[\\/]node_modules[\\/](@tiptap|prosemirror-[^\\/]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)[\\/]/,
              priority: 15,
            },
            {
              name: 'radix-vendor',
              test: /[\\/]node_modules[\\/](radix-ui|@radix-ui|@floating-ui|aria-hidden|react-remove-scroll[^\\/]*|use-callback-ref|use-sidecar|get-nonce|tslib|detect-node-es)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
