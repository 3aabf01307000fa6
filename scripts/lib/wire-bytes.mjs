// Bytes on the wire of a page load in a real Chromium: each response's encoded body plus its headers,
// as the browser received them (compressed when the server compressed). Used by scripts/size.mjs and
// by the e2e suite (e2e/delivery.spec.ts), so both read the same figure.

/** @typedef {{ url: string, type: string, encoding: string | null, bytes: number }} WireEntry */

/**
 * Loads `url` in `page` and returns what it downloaded, grouped: `script`, `stylesheet`, `document`, other.
 * @param {import('playwright').Page} page
 * @param {string} url
 */
export async function measurePageLoad(page, url) {
  /** @type {Promise<WireEntry>[]} */
  const pending = [];
  const onFinished = (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return {
          url: request.url(),
          type: request.resourceType(),
          encoding: response ? ((await response.headerValue('content-encoding')) ?? null) : null,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        };
      })(),
    );
  };
  page.on('requestfinished', onFinished);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('requestfinished', onFinished);
  const entries = await Promise.all(pending);
  const sum = (type) => entries.filter((e) => e.type === type).reduce((n, e) => n + e.bytes, 0);
  return {
    entries,
    script: sum('script'),
    stylesheet: sum('stylesheet'),
    document: sum('document'),
    total: entries.reduce((n, e) => n + e.bytes, 0),
  };
}
