import { defineConfig } from "vitest/config";

// Files that read PDFs with pdf.js (unpdf), whose module state does not survive another file's
// use in the same worker: they keep a module cache of their own.
const OWN_MODULES = [
  "tests/integration/outlines.test.ts",
  "tests/integration/outline-io.test.ts",
  "tests/integration/outline-rich.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
    globalSetup: ["tests/setup/pglite-template.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "shared-modules",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/integration/**/*.test.ts"],
          exclude: OWN_MODULES,
          // Test files share their worker's module cache (decision 085): no file sets module
          // state another depends on, and each test server is its own app, database and data
          // directory. This halves the suite's time on two cores.
          isolate: false,
        },
      },
      { extends: true, test: { name: "own-modules", include: OWN_MODULES, isolate: true } },
    ],
  },
});
