import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The SPA. Workspace packages resolve to their TypeScript sources (the `source` condition,
 * docs/decisions/001). In development `/api` goes to the BFF on :3000, so cookies stay
 * same-origin exactly as in production, where the BFF serves `dist/`.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // big.js builds its export with a top-level call, so the bundler keeps it even where no
        // amount arithmetic is used (the list only formats amounts). It has no other effect.
        moduleSideEffects: (id) =>
          /[\\/]node_modules[\\/]big\.js[\\/]/.test(id) ? false : undefined,
      },
    },
  },
});
