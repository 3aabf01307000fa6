/**
 * The behaviour every `FoliosPort` shows, written once and run against both implementations: the in-memory
 * fake (`folios.fake.test.ts`) and the HTTP adapter on the real API (`apps/backoffice/src/adapters/http/
 * folios.http.test.ts`), signed in as staff. When they disagree the server is right and the fake is fixed.
 *
 * Scenarios only use the folios the port suggests for 't' (the demo data of both has folios of the Tec).
 */
import { FOLIO_SUGGEST_LIMIT, FOLIOS_MESSAGES } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import { refusal } from '../testing/port-scenarios';
import type { FoliosPort } from './folios.port';

/** Byte order of the upper-case folios, as the server sorts them (`COLLATE "C"`). */
const byUpperCodeUnits = (a: string, b: string) => {
  const x = a.toUpperCase();
  const y = b.toUpperCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Registers the scenarios; `port()` gives the implementation under test (called inside each test). */
export function foliosPortScenarios(port: () => FoliosPort): void {
  describe('FoliosPort scenarios', () => {
    it('suggests up to the limit of folios starting with the text, any case, in folio order', async () => {
      const found = await port().suggest('t');
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThanOrEqual(FOLIO_SUGGEST_LIMIT);
      for (const s of found) expect(s.folio.toUpperCase().startsWith('T')).toBe(true);
      const folios = found.map((s) => s.folio);
      expect(folios).toEqual([...folios].sort(byUpperCodeUnits));
      expect(await port().suggest('T')).toEqual(found);
      expect(await port().suggest('ZZZ-NO-EXISTE')).toEqual([]);
    });

    it("opens the ficha of a suggested folio: its client and its latest assignment's status", async () => {
      const [first] = await port().suggest('t');
      if (!first) throw new Error('sin folios');
      const ficha = await port().ficha(first.folio);
      expect(ficha.datos).toMatchObject({ folio: first.folio, cliente: first.cliente });
      expect(ficha.asignaciones.at(-1)?.estatus ?? null).toBe(first.estatus);
    });

    it('refuses a folio that does not exist (404), naming it', async () => {
      expect(await refusal(port().ficha('NO-EXISTE-99'))).toEqual({
        status: 404,
        code: 'folio_not_found',
        detail: FOLIOS_MESSAGES.notFound('NO-EXISTE-99'),
      });
    });
  });
}
