import {
  apiRoutes,
  type ProcessCargaResponse,
  processedRowAddress,
  RowsCompletedInPlace,
  type UploadRow,
} from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import { cargasPortScenarios } from '../../../../../packages/features/src/cargas/cargas.scenarios';
import { createHttpCargasPort } from './cargas';
import { startRealApi } from './real-api.test-util';

// The same scenarios run on the fake in packages/features/src/cargas/cargas.fake.test.ts.
const api = startRealApi('Supervisor');
cargasPortScenarios(() => createHttpCargasPort(api().http));

describe('process over the real API', () => {
  it('returns, from the computed answer it asks for, the rows the full answer gives (sent gzip-compressed, piece by piece)', async () => {
    const states = ['Nuevo León', 'NL', 'Qro.', 'Sonora', 'Atlantis'];
    const rows: UploadRow[] = Array.from({ length: 1_500 }, (_, i) => ({
      row_index: i + 2,
      Folio: i % 97 === 5 ? 'REPETIDO' : ` H-${i} `,
      Calle: `Av. Juárez ${i}`,
      Colonia: i % 211 === 0 ? '  ' : 'Centro',
      Ciudad: 'Monterrey',
      Estado: states[i % states.length],
      'Codigo Postal': i % 2 === 0 ? 64000 + i : '64,000',
      Tel1: `+52 81 ${1000 + i},5678`,
      Tel2: i % 3 === 0 ? '' : 8110000000 + i,
      Notas: i % 7 === 0 ? new Date(Date.UTC(2026, 0, 1 + (i % 28))) : ` nota ${i} `,
      Peso: i % 11 === 0 ? Number.NaN : i / 4,
    }));
    const { http } = api();
    // The full answer as it came (a zod parse of it would copy each row, its fields first).
    const asItCame = { ...apiRoutes.cargas.process, response: undefined };
    const full = (await http.call(asItCame, {
      body: { rows, loadType: 'TEC_MTY' },
    })) as unknown as ProcessCargaResponse;
    // The full answer's rows end with their address, which the computed answer leaves to the page: the rest is
    // the same, and the address the page shows for a row is the full answer's.
    const addresses = full.processedData.map((r) => r.address_complete_folio);
    const expected = {
      ...full,
      processedData: full.processedData.map(({ address_complete_folio: _a, ...row }) => row),
    };
    const answer = await createHttpCargasPort(http).process(rows, 'TEC_MTY');
    expect(answer.validCount).toBeGreaterThan(1_000);
    expect(answer).toEqual(expected);
    expect(answer.processedData.map((r) => Object.keys(r))).toEqual(
      expected.processedData.map((r) => Object.keys(r)),
    );
    expect(answer.processedData.map(processedRowAddress)).toEqual(addresses);
    expect(new Set(addresses).size).toBeGreaterThan(1_000);

    // Completed in the rows sent (the wizard's batches): the same answer, its rows the rows sent themselves —
    // but for those JSON does not carry as themselves (a Date, NaN), completed as copies.
    const sent = structuredClone(rows);
    const inPlace = await createHttpCargasPort(http).process(sent, 'TEC_MTY', {
      inPlace: new RowsCompletedInPlace(),
    });
    expect(inPlace).toEqual(expected);
    expect(inPlace.processedData.map((r) => Object.keys(r))).toEqual(
      expected.processedData.map((r) => Object.keys(r)),
    );
    expect(inPlace.processedData.map(processedRowAddress)).toEqual(addresses);
    const byIndex = new Map(sent.map((row) => [row.row_index, row]));
    const same = inPlace.processedData.filter((row) => row === byIndex.get(row.row_index as number));
    const copied = inPlace.processedData.filter((row) => row !== byIndex.get(row.row_index as number));
    expect(same.length).toBeGreaterThan(500);
    expect(copied.length).toBeGreaterThan(0);
    for (const row of copied) {
      const original = byIndex.get(row.row_index as number)!;
      expect(original.Notas instanceof Date || Number.isNaN(original.Peso)).toBe(true);
    }
  });
});
