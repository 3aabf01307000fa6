export { makeSamplePdf, type SamplePdfOptions } from './pdf-fixture.js';
