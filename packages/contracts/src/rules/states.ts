/**
 * The 32 federal entities of Mexico and a tolerant state-name normaliser.
 *
 * `ESTADOS_MX` is ordered by the INEGI key, so `id_estado` seeded from it in order equals `Number(clave)`.
 */

export interface EstadoMx {
  /** INEGI key, two digits ('01' … '32'). */
  readonly clave: string;
  /** Official name with accents, as shown to people and stored in `estados.estado`. */
  readonly estado: string;
  /** Usual postal abbreviation. */
  readonly abreviatura: string;
  /** Other spellings accepted by `normalizeStateName` (official long names, abbreviations, ISO and CURP codes). */
  readonly aliases: readonly string[];
}

export const ESTADOS_MX: readonly EstadoMx[] = [
  { clave: '01', estado: 'Aguascalientes', abreviatura: 'Ags.', aliases: ['AGS', 'AG', 'AGU', 'AS'] },
  {
    clave: '02',
    estado: 'Baja California',
    abreviatura: 'B.C.',
    aliases: ['BC', 'BCN', 'Baja California Norte'],
  },
  { clave: '03', estado: 'Baja California Sur', abreviatura: 'B.C.S.', aliases: ['BCS', 'BS'] },
  { clave: '04', estado: 'Campeche', abreviatura: 'Camp.', aliases: ['CAM', 'CC'] },
  {
    clave: '05',
    estado: 'Coahuila',
    abreviatura: 'Coah.',
    aliases: ['Coahuila de Zaragoza', 'COA', 'CL'],
  },
  { clave: '06', estado: 'Colima', abreviatura: 'Col.', aliases: ['COL', 'CM'] },
  { clave: '07', estado: 'Chiapas', abreviatura: 'Chis.', aliases: ['CHP', 'CS'] },
  { clave: '08', estado: 'Chihuahua', abreviatura: 'Chih.', aliases: ['CHH', 'CH'] },
  {
    clave: '09',
    estado: 'Ciudad de México',
    abreviatura: 'CDMX',
    aliases: ['CDMX', 'CD MX', 'Cd. de México', 'Distrito Federal', 'DF', 'D.F.', 'CMX', 'México D.F.'],
  },
  { clave: '10', estado: 'Durango', abreviatura: 'Dgo.', aliases: ['DUR', 'DG'] },
  { clave: '11', estado: 'Guanajuato', abreviatura: 'Gto.', aliases: ['GUA', 'GT'] },
  { clave: '12', estado: 'Guerrero', abreviatura: 'Gro.', aliases: ['GRO', 'GR'] },
  { clave: '13', estado: 'Hidalgo', abreviatura: 'Hgo.', aliases: ['HID', 'HG'] },
  { clave: '14', estado: 'Jalisco', abreviatura: 'Jal.', aliases: ['JAL', 'JC'] },
  {
    clave: '15',
    estado: 'México',
    abreviatura: 'Méx.',
    aliases: [
      'Estado de México',
      'Edo. Mex.',
      'Edo. de México',
      'Edomex',
      'Edo Mex',
      'Mexico State',
      'MEX',
      'MC',
    ],
  },
  {
    clave: '16',
    estado: 'Michoacán',
    abreviatura: 'Mich.',
    aliases: ['Michoacán de Ocampo', 'MIC', 'MN'],
  },
  { clave: '17', estado: 'Morelos', abreviatura: 'Mor.', aliases: ['MOR', 'MS'] },
  { clave: '18', estado: 'Nayarit', abreviatura: 'Nay.', aliases: ['NAY', 'NT'] },
  { clave: '19', estado: 'Nuevo León', abreviatura: 'N.L.', aliases: ['NL', 'NLE'] },
  { clave: '20', estado: 'Oaxaca', abreviatura: 'Oax.', aliases: ['OAX', 'OC'] },
  { clave: '21', estado: 'Puebla', abreviatura: 'Pue.', aliases: ['PUE', 'PL'] },
  {
    clave: '22',
    estado: 'Querétaro',
    abreviatura: 'Qro.',
    aliases: ['Querétaro de Arteaga', 'QRO', 'QUE', 'QT'],
  },
  { clave: '23', estado: 'Quintana Roo', abreviatura: 'Q. Roo', aliases: ['QROO', 'Q.R.', 'ROO', 'QR'] },
  { clave: '24', estado: 'San Luis Potosí', abreviatura: 'S.L.P.', aliases: ['SLP', 'SP'] },
  { clave: '25', estado: 'Sinaloa', abreviatura: 'Sin.', aliases: ['SIN', 'SL'] },
  { clave: '26', estado: 'Sonora', abreviatura: 'Son.', aliases: ['SON', 'SR'] },
  { clave: '27', estado: 'Tabasco', abreviatura: 'Tab.', aliases: ['TAB', 'TC'] },
  { clave: '28', estado: 'Tamaulipas', abreviatura: 'Tamps.', aliases: ['TAM', 'TAMPS', 'TS'] },
  { clave: '29', estado: 'Tlaxcala', abreviatura: 'Tlax.', aliases: ['TLA', 'TLAX', 'TL'] },
  {
    clave: '30',
    estado: 'Veracruz',
    abreviatura: 'Ver.',
    aliases: ['Veracruz de Ignacio de la Llave', 'VER', 'VZ'],
  },
  { clave: '31', estado: 'Yucatán', abreviatura: 'Yuc.', aliases: ['YUC', 'YN'] },
  { clave: '32', estado: 'Zacatecas', abreviatura: 'Zac.', aliases: ['ZAC', 'ZS'] },
];

/** The 32 official names, in INEGI order. */
export const STATE_NAMES: readonly string[] = ESTADOS_MX.map((e) => e.estado);

/**
 * Comparison key of a state name: lower case, accents removed, everything but letters and digits dropped.
 * 'N.L.' → 'nl', 'Edo. Méx.' → 'edomex', ' Nuevo  León ' → 'nuevoleon'.
 */
export function stateKey(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

const BY_KEY: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const e of ESTADOS_MX) {
    for (const name of [e.estado, e.abreviatura, ...e.aliases]) {
      const key = stateKey(name);
      const previous = map.get(key);
      if (previous !== undefined && previous !== e.estado) {
        throw new Error(`Alias de estado ambiguo: "${name}" (${previous} / ${e.estado})`);
      }
      map.set(key, e.estado);
    }
  }
  return map;
})();

/** Prefixes people put in front of a state name: 'Estado de Jalisco', 'Edo. de Jalisco', 'Edo Jalisco'. */
const PREFIXES = ['estadode', 'estado', 'edode', 'edo'] as const;

/**
 * The official name of the state written as `input`, or null when it is not recognised.
 * Case, accents, punctuation and spaces are ignored; official long names and usual abbreviations are known
 * ('NL' → 'Nuevo León', 'DF' → 'Ciudad de México', 'Edomex' → 'México', 'Coahuila de Zaragoza' → 'Coahuila').
 */
export function normalizeStateName(input: unknown): string | null {
  if (typeof input !== 'string' && typeof input !== 'number') return null;
  const text = String(input);
  // A file spells its states a handful of ways over up to a million rows: each spelling is looked up once.
  let found = BY_TEXT.get(text);
  if (found === undefined) {
    found = stateOfText(text);
    if (BY_TEXT.size >= 10_000) BY_TEXT.clear();
    BY_TEXT.set(text, found);
  }
  return found;
}

/** Answers of `normalizeStateName` by the text it was given. */
const BY_TEXT = new Map<string, string | null>();

function stateOfText(text: string): string | null {
  const key = stateKey(text);
  if (key === '') return null;
  const direct = BY_KEY.get(key);
  if (direct !== undefined) return direct;
  for (const prefix of PREFIXES) {
    if (key.startsWith(prefix) && key.length > prefix.length) {
      const found = BY_KEY.get(key.slice(prefix.length));
      if (found !== undefined) return found;
    }
  }
  return null;
}

/** The catalogue entry of an official (or recognisable) state name. */
export function findEstado(input: unknown): EstadoMx | null {
  const name = normalizeStateName(input);
  return name === null ? null : (ESTADOS_MX.find((e) => e.estado === name) ?? null);
}
