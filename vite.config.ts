import { cpSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { apiRouteTable } from './scripts/vite-api-routes';

/**
 * pdf.js reads some of its data as files (CMaps for CJK text, the 14 standard fonts, the image
 * decoders' WebAssembly, ICC profiles): they are served beside the app, at /pdfjs/, as the
 * package ships them.
 */
function pdfjsData(): Plugin {
  return {
    name: 'pdfjs-data',
    apply: 'build',
    closeBundle() {
      for (const part of ['cmaps', 'standard_fonts', 'wasm', 'iccs']) {
        cpSync(`node_modules/pdfjs-dist/${part}`, `dist/web/pdfjs/${part}`, { recursive: true });
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), apiRouteTable(), pdfjsData()],
  build: { outDir: '../../dist/web', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
