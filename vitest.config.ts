import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/api/**/*.test.ts', 'tests/build/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    // Above startShop's own 120 s limit (tests/support/shop-process.ts): the tests that start the shop as a
    // process in beforeAll fail with the shop's output, not a bare hook time-out, on a loaded machine.
    hookTimeout: 150_000,
    pool: 'forks',
    // Two cores: two workers keep PGlite start-up and argon2 from starving each other.
    maxWorkers: 2,
  },
});
