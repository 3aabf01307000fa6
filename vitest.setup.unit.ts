import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The unit project shares one jsdom per worker across files (`isolate: false` in vitest.config.ts):
// unmount what each test rendered so no file sees the previous file's DOM.
afterEach(() => cleanup());
