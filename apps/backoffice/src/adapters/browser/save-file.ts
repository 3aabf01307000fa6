/**
 * Saves a downloaded Blob under `fileName` (the pending-reports zip, the invalid-rows CSV) with the design
 * system's `saveBlob`. The features call it through an injected `saveFile`; they never touch the DOM
 * download APIs themselves.
 */
export { saveBlob as saveFile } from '@socio/ui';
