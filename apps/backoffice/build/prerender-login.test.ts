import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { authMessages } from '@socio/features/auth';
import { shellMessages } from '@socio/features/shell';
import { describe, expect, it } from 'vitest';
import { prerenderedPage, renderLoginMarkup } from './prerender-login';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const INDEX = `<!doctype html>
<html lang="es-MX">
  <head>
    <title>Socioeconómico</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-b2.css">
    <link rel="stylesheet" crossorigin href="/assets/other-c3.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('prerenderedPage (index.html → login.html)', () => {
  const styles: Record<string, string> = { '/assets/index-b2.css': '.a{color:red}' };
  const page = prerenderedPage(
    INDEX,
    '<title>Iniciar sesión · X</title><main>form</main>',
    (href) => styles[href],
  );

  it('puts the markup in #root and the screen title in <head>, once', () => {
    expect(page).toContain('<div id="root"><main>form</main></div>');
    expect(page).toContain('<head>\n    <title>Iniciar sesión · X</title>');
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it('inlines the stylesheets it is given and leaves the others linked, keeping the entry script', () => {
    expect(page).toContain('<style>.a{color:red}</style>');
    expect(page).not.toContain('index-b2.css');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/other-c3.css">');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
  });

  it('refuses a page without an empty #root and a stylesheet that would close the <style>', () => {
    expect(() => prerenderedPage(INDEX.replace('<div id="root"></div>', ''), 'x', () => undefined)).toThrow(
      /#?root/,
    );
    expect(() => prerenderedPage(INDEX, 'x', () => 'a{}</style><script>')).toThrow(/<\/style>/);
  });
});

describe('renderLoginMarkup (the real app at /login, server-rendered)', () => {
  it('is the login screen with its Spanish labels, named fields, and a submit button disabled until hydration', async () => {
    const m = authMessages.login;
    const markup = await renderLoginMarkup(appRoot);
    expect(markup).toContain(`<title>${shellMessages.documentTitle(shellMessages.loginPage)}</title>`);
    for (const text of [m.title, m.subtitle, m.emailLabel, m.passwordLabel, m.remember, m.forgotPassword]) {
      expect(markup).toContain(`>${text}<`);
    }
    expect(markup).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
    expect(markup).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    expect(markup).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*disabled=""[^>]*>${m.submit}</button>`));
    // One screen: not the router's empty fallback, not a second form.
    expect(markup.match(/<form/g)).toHaveLength(1);
    expect(markup).not.toContain('aria-busy');
  }, 300_000);
});
