import { defineConfig } from "vitest/config";

// TEST_SCOPE=database (`deno task test --database-only`, CI's second pass against Debian's PostgreSQL 15) runs
// every test that touches the database: all of tests/ but these folders, the browser journeys and the UI's own
// unit tests, which the first pass runs. A folder is left out here by name; a new module's tests are in.
const NOT_DATABASE = ["tests/e2e/**", "tests/web/**"];

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    exclude: ["tests/bench/**", "node_modules/**", ...(process.env.TEST_SCOPE === "database" ? NOT_DATABASE : [])],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default", "./tests/support/timing-reporter.ts", "./tests/support/summary-reporter.ts"],
  },
});
