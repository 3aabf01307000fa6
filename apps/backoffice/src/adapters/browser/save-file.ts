/**
 * Saves a downloaded Blob under `fileName` (the pending-reports zip): a temporary object URL on a
 * hidden link, clicked once. The features call it through an injected `saveFile`; they never touch
 * the DOM download APIs themselves.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Chromium reads the object URL after the click returns: revoke it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
