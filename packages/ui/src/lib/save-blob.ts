/** How long an object URL outlives its click: Chromium reads it after `click()` returns. */
const REVOKE_AFTER_MS = 30_000;

/**
 * Saves `blob` as a download named `fileName`: a temporary object URL on a hidden link, clicked once,
 * revoked a little later. The one place the apps and the PDF viewer start a download.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
