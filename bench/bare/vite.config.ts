import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { compressAssets } from '../../scripts/build/compress';

// The benchmark's baseline: the installment screen as hard-coded JSX, served at /__bench/.
// Compressed like the app (.br/.gz beside each file), so both pages are served the same way.
export default defineConfig({
  root: import.meta.dirname,
  base: '/__bench/',
  plugins: [react(), compressAssets()],
  build: {
    outDir: join(import.meta.dirname, '..', '..', 'dist', '__bench'),
    emptyOutDir: true,
    target: 'es2020',
  },
});
