// jest-dom matchers (registered in vitest.setup.unit.ts) for the app's unit tests.
import '@testing-library/jest-dom/vitest';
