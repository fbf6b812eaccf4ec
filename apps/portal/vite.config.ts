import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The built portal is served by the API on port 1234 (`pnpm start`); `pnpm dev` serves it from
// Vite, and the API client then calls port 1234 on the same host (see src/api/base-url.ts).
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the portal: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // userEvent types key by key: a long editor form took over 5 s (the default) once on a
    // loaded 2-core CI machine. A limit against hanging, not a speed check.
    testTimeout: 20_000,
  },
});
