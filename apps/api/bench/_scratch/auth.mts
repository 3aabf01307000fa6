import { createTokenService } from '../../src/modules/auth/tokens';
import { createTestContext } from '../../test/helpers';
const ts = createTokenService('x'.repeat(40), 3600);
const tok = await ts.sign({ sub: 1, rol: 'Administrador', tv: 0 });
let t = performance.now();
for (let i = 0; i < 5000; i++) await ts.verify(tok);
console.log('verify µs', ((performance.now() - t) / 5000) * 1000);
const ctx = await createTestContext('pglite', { demoOperations: false, config: { validateResponses: false } });
const h = await ctx.authHeaders('Administrador');

for (const [url, headers] of [['/api/health', {}], ['/api/auth/me', h], ['/api/cargas/assignment_stats', h], ['/api/catalogos/clientes', h]] as const) {
  for (let i = 0; i < 200; i++) await ctx.app.inject({ url, headers });
  t = performance.now();
  for (let i = 0; i < 2000; i++) await ctx.app.inject({ url, headers });
  console.log(url, 'µs/req', ((performance.now() - t) / 2000) * 1000);
}
await ctx.close();
