import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { apiRouteTable } from './scripts/vite-api-routes';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), apiRouteTable()],
  build: { outDir: '../../dist/web', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
