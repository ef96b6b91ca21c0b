import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The UI tests' fixture pages, built apart from the app (dist-fixtures/, not dist/): they
// are never bundled with the app, so no navigation of the app can reach them.
export default defineConfig({
  plugins: [svelte()],
  base: './',
  clearScreen: false,
  build: {
    target: 'es2022',
    outDir: 'dist-fixtures',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        surfaces: 'tests/ui/fixtures/surfaces.html',
        surface3d: 'tests/ui/fixtures/surface3d.html',
        chess: 'tests/ui/fixtures/chess.html',
        chess3d: 'tests/ui/fixtures/chess3d.html',
      },
    },
  },
});
