import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
await page.goto(`http://localhost:6123/iframe.html?id=ui-mobilenav--playground&viewMode=story&args=defaultOpen:!true`, { waitUntil: 'networkidle' });
await page.waitForSelector('[data-slot="mobile-nav"]');
for (const t of [0, 500, 2000]) {
  await page.waitForTimeout(t);
  console.log(await page.evaluate(() => { const el = document.querySelector('[data-slot="mobile-nav"]'); const cs = getComputedStyle(el); return JSON.stringify({ translate: cs.translate, transform: cs.transform, rect: el.getBoundingClientRect(), w: cs.width, maxw: cs.maxWidth }); }));
}
await page.screenshot({ path: '/tmp/media-mobile2.png' });
await browser.close();
