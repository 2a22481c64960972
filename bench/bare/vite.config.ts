import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { join } from 'node:path';

// The benchmark's baseline: the installment screen as hard-coded JSX, served at /__bench/.
export default defineConfig({
  root: import.meta.dirname,
  base: '/__bench/',
  plugins: [react()],
  build: { outDir: join(import.meta.dirname, '..', '..', 'dist', '__bench'), emptyOutDir: true, target: 'es2020' },
});
