// Vitest setup for the `web` project (vitest.config.ts): jest-dom matchers and a fresh DOM per test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
