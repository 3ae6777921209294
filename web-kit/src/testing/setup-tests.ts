// Vitest setup for the `web` project (vitest.config.ts): jest-dom matchers and a fresh DOM per test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// The apps load every screen lazily: the first `findBy…` of a file waits while the screen's
// modules (and the contract's schemas) are first transformed, which takes more than the default
// second on a busy two-core machine. Still a wait for what the user would see, never a sleep.
configure({ asyncUtilTimeout: 5_000 });
