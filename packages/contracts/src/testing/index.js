/** `@socio/contracts/testing`: helpers for tests, stories and benches only; nothing in `src/` imports it. */
export { makeSamplePdf } from './pdf-fixture.js';
