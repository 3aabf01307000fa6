/**
 * `pnpm bench:parsers` — do the two hand-written parsers earn their keep against maintained libraries, on the
 * same input?
 *
 * - CSV (`apps/backoffice/src/adapters/spreadsheet/csv.ts`: encoding, delimiter and RFC 4180 parsing of an
 *   uploaded carga) against papaparse (its delimiter guess and parser; the encoding step is ours in both).
 * - A big JSON request body (`src/http/big-json.ts`, `JsonBodySplitter`: a carga's rows parsed item by item as
 *   the bytes arrive) against what it replaces — Fastify's default, the whole body joined and `JSON.parse`d —
 *   and against the streaming parser @streamparser/json (its rows emitted one by one).
 *
 * Each case runs in its own process (so one's garbage does not count against another) reading the same file
 * from disk, in 64 KB chunks for the JSON cases as a request arrives; the runs of the cases are interleaved,
 * so a busier moment of the machine does not fall on one case only. Printed: median wall time, throughput,
 * CPU time (user + system: on a busy machine the fairer figure), peak memory (the process's peak RSS above its RSS once the input file was loaded, or for streamed cases once
 * the process was ready), and whether each gives the same rows as ours.
 *
 * Env: BENCH_CSV_ROWS (200000), BENCH_JSON_ROWS (100000), BENCH_RUNS (3).
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { JSONParser } from '@streamparser/json';
import Papa from 'papaparse';
import { decodeCsv, detectDelimiter, parseCsv } from '../../backoffice/src/adapters/spreadsheet/csv';
import { JsonBodySplitter } from '../src/http/big-json';

const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 200_000);
const JSON_ROWS = Number(process.env.BENCH_JSON_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHUNK = 64 * 1024;

const CASES = {
  'csv: csv.ts (nuestro)': 'csv-hand',
  'csv: papaparse': 'csv-papa',
  'json: big-json.ts (nuestro)': 'json-splitter',
  'json: cuerpo entero + JSON.parse': 'json-whole',
  'json: @streamparser/json': 'json-streamparser',
} as const;
type CaseId = (typeof CASES)[keyof typeof CASES];

interface Outcome {
  ms: number;
  /** CPU time (user + system): what the parser costs, less stretched than wall time on a busy machine. */
  cpuMs: number;
  peakMb: number;
  rows: number;
  digest: string;
}

/** A stable digest of parsed rows: equal digests, equal rows. */
function digestOf(rows: readonly unknown[]): string {
  let hash = 2166136261;
  for (const row of rows) {
    const text = JSON.stringify(row);
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  }
  return hash.toString(16);
}

/* ------------------------------------------------------------------ inputs */

function makeCsv(rows: number): string {
  const estados = ['Nuevo León', 'Jalisco', 'Ciudad de México', 'Estado de México', 'Yucatán'];
  const lines = ['Folio,Cliente,Nombre,Dirección,Municipio,Estado,Teléfono,Fecha'];
  for (let i = 0; i < rows; i++) {
    const estado = estados[i % estados.length]!;
    // Some addresses carry commas and quotes, some notes a line break: quoted as spreadsheets write them.
    const address =
      i % 7 === 0 ? `"Calle ""${i % 90}"", Col. Centro"` : `"Av. Juárez ${i % 999}, Int. ${i % 13}"`;
    const name = i % 50 === 0 ? `"Ana María\nLópez ${i}"` : `José Pérez ${i}`;
    lines.push(
      `TEC-2026-${i},Cliente ${i % 12},${name},${address},Municipio ${i % 40},${estado},81${String(i).padStart(8, '0')},2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

function makeJsonBody(rows: number): string {
  const items: string[] = [];
  for (let i = 0; i < rows; i++) {
    items.push(
      JSON.stringify({
        folio: `TEC-2026-${i}`,
        cliente: `Cliente ${i % 12}`,
        nombre: `José Pérez ${i}`,
        direccion: `Av. Juárez ${i % 999}, Int. ${i % 13} "B"`,
        municipio: `Municipio ${i % 40}`,
        estado: 'Nuevo León',
        telefono: `81${String(i).padStart(8, '0')}`,
        fecha: '2026-11-20',
      }),
    );
  }
  return `{"loadType":"TEC_MTY","rows":[${items.join(',')}]}`;
}

/* ------------------------------------------------------------------- cases */

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;
const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

function runCsv(id: CaseId, file: string): Outcome {
  const bytes = new Uint8Array(readFileSync(file));
  globalThis.gc?.();
  const base = rssMb();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const text = decodeCsv(bytes);
  let rows: string[][];
  if (id === 'csv-hand') rows = parseCsv(text, detectDelimiter(text));
  else {
    // As ours: the delimiter guessed, every line kept (a blank line is a row to report), fields as text.
    rows = Papa.parse<string[]>(text, { delimiter: '', delimitersToGuess: [',', ';', '\t', '|'] }).data;
    // Ours drops the empty line after the last line end; papaparse gives it as [''].
    const last = rows[rows.length - 1];
    if (last?.length === 1 && last[0] === '') rows.pop();
  }
  const ms = performance.now() - started;
  return {
    ms,
    cpuMs: cpuMsSince(cpu),
    peakMb: peakRssMb() - base,
    rows: rows.length - 1,
    digest: digestOf(rows),
  };
}

async function runJson(id: CaseId, file: string): Promise<Outcome> {
  globalThis.gc?.();
  const base = rssMb();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const stream = createReadStream(file, { highWaterMark: CHUNK });
  let body: { rows: unknown[] };
  if (id === 'json-splitter') {
    const splitter = new JsonBodySplitter(JSON.parse);
    for await (const chunk of stream) splitter.write(chunk as Buffer);
    body = splitter.end() as { rows: unknown[] };
  } else if (id === 'json-whole') {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } else {
    const rows: unknown[] = [];
    const rest: Record<string, unknown> = {};
    const parser = new JSONParser({ paths: ['$.rows.*', '$.*'], keepStack: false });
    parser.onValue = ({ value, key, parent, stack }) => {
      if (stack.length === 2) rows.push(value);
      else if (stack.length === 1 && typeof key === 'string' && parent) rest[key] = value;
    };
    for await (const chunk of stream) parser.write(chunk as Buffer);
    body = { ...rest, rows } as { rows: unknown[] };
  }
  const ms = performance.now() - started;
  return {
    ms,
    cpuMs: cpuMsSince(cpu),
    peakMb: peakRssMb() - base,
    rows: body.rows.length,
    digest: digestOf(body.rows),
  };
}

/* ------------------------------------------------------------------ driver */

async function child(id: CaseId, file: string) {
  const outcome = id.startsWith('csv') ? runCsv(id, file) : await runJson(id, file);
  process.stdout.write(JSON.stringify(outcome));
}

/**
 * Files as people make them: line ends mixed (files joined or edited by hand) and text after a closing quote.
 * A spreadsheet reads each as the rows written here; the output says which parser does.
 */
const QUIRKS: Array<[string, string, string[][]]> = [
  [
    'fines de línea mezclados',
    'a,b\r\n1,2\n3,4\r5,6',
    [
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ],
  ],
  [
    'texto tras comilla de cierre',
    'a,b\n"x"y,2\n3,4',
    [
      ['a', 'b'],
      ['xy', '2'],
      ['3', '4'],
    ],
  ],
];

function quirks() {
  console.info('\nCasos límite (¿filas como las lee una hoja de cálculo?):');
  for (const [label, text, expected] of QUIRKS) {
    const ours = parseCsv(text, ',');
    const papa = Papa.parse<string[]>(text, { delimiter: ',' }).data;
    const same = (rows: string[][]) => (JSON.stringify(rows) === JSON.stringify(expected) ? 'sí' : 'NO');
    console.info(
      `  ${label.padEnd(30)} csv.ts: ${same(ours)}   papaparse: ${same(papa)} ${same(papa) === 'NO' ? JSON.stringify(papa) : ''}`,
    );
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function parent() {
  const dir = mkdtempSync(path.join(tmpdir(), 'socio-bench-parsers-'));
  try {
    const csvFile = path.join(dir, 'carga.csv');
    const jsonFile = path.join(dir, 'carga.json');
    writeFileSync(csvFile, makeCsv(CSV_ROWS));
    writeFileSync(jsonFile, makeJsonBody(JSON_ROWS));
    const mb = (file: string) => statSync(file).size / 1024 / 1024;
    console.info(
      `Entrada: CSV de ${CSV_ROWS.toLocaleString('es-MX')} filas (${mb(csvFile).toFixed(1)} MB), JSON de ` +
        `${JSON_ROWS.toLocaleString('es-MX')} filas (${mb(jsonFile).toFixed(1)} MB); ${RUNS} corridas por caso, ` +
        `Node ${process.version}\n`,
    );
    const self = fileURLToPath(import.meta.url);
    const outcomes = new Map<CaseId, Outcome[]>(Object.values(CASES).map((id) => [id, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const [label, id] of Object.entries(CASES)) {
        const file = id.startsWith('csv') ? csvFile : jsonFile;
        const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', self, id, file], {
          encoding: 'utf8',
          maxBuffer: 1024 * 1024,
        });
        if (result.status !== 0) throw new Error(`${label}: ${result.stderr}`);
        outcomes.get(id)!.push(JSON.parse(result.stdout) as Outcome);
      }
    }
    const reference: Record<string, string> = {};
    console.info(
      'caso                                 pared    CPU    MB/s CPU   pico RSS   filas   mismas filas',
    );
    for (const [label, id] of Object.entries(CASES)) {
      const runs = outcomes.get(id)!;
      const ms = median(runs.map((o) => o.ms));
      const cpuMs = median(runs.map((o) => o.cpuMs));
      const peak = median(runs.map((o) => o.peakMb));
      const { rows, digest } = runs[0]!;
      const kind = id.slice(0, id.indexOf('-'));
      reference[kind] ??= digest;
      const file = id.startsWith('csv') ? csvFile : jsonFile;
      console.info(
        `${label.padEnd(34)} ${`${Math.round(ms)} ms`.padStart(8)} ${`${Math.round(cpuMs)} ms`.padStart(8)} ` +
          `${(mb(file) / (cpuMs / 1000)).toFixed(1).padStart(8)} ${`${peak.toFixed(0)} MB`.padStart(10)} ` +
          `${String(rows).padStart(7)}   ${reference[kind] === digest ? 'sí' : 'NO'}`,
      );
    }
    quirks();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [id, file] = process.argv.slice(2);
if (id && file) await child(id as CaseId, file);
else parent();
