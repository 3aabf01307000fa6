import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy*` / `waitFor` wait for an answer, they do not time it: on a busy 2-core machine a lazily loaded
// route can take seconds to transform, so the ceiling is generous (a passing test returns as soon as it holds).
configure({ asyncUtilTimeout: 15_000 });

// The unit project shares one jsdom per worker across files (`isolate: false` in vitest.config.ts):
// unmount what each test rendered so no file sees the previous file's DOM.
afterEach(() => cleanup());
