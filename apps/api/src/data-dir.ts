/**
 * What the server owns inside `DATA_DIR`, and nothing else. A marker file (`MARKER`) records each entry the
 * product created there (its database folder, its secret file, its outbox); the server only ever changes
 * modes under those entries, never follows a symbolic link, never changes a file with more than one hard link
 * (it may live elsewhere too), and refuses to start in a folder that already holds anything it did not create.
 */
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  type Stats,
  writeFileSync,
} from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A `memory://` data directory: PGlite kept in memory (tests), nothing on disk. */
export function isMemoryDir(dataDir: string): boolean {
  return dataDir.startsWith('memory://');
}

/** The marker file: JSON `{ producto, raiz, entradas }`. */
export const MARKER = '.socioeconomico-datos.json';

/** Every entry the product may create directly under DATA_DIR. */
export const OWNED_ENTRIES = ['pglite', 'jwt-secret', 'outbox'] as const;
export type OwnedEntry = (typeof OWNED_ENTRIES)[number];

interface Marker {
  producto: 'Socioeconómico';
  /** The product created DATA_DIR itself (so it may keep it 0700). */
  raiz: boolean;
  entradas: OwnedEntry[];
}

const isOwnedName = (name: string): name is OwnedEntry => (OWNED_ENTRIES as readonly string[]).includes(name);
/** The staging copy of a database folder while a first start copies the template in (`pglite.copia-<pid>`). */
export const stagingPath = (dir: string) => `${dir}.copia-${process.pid}`;
/** A staging copy left by an interrupted first start. */
const isStagingName = (name: string) => /^pglite\.copia-\d+$/.test(name);

function readMarker(dataDir: string): Marker | null {
  const file = path.join(dataDir, MARKER);
  try {
    const stat = lstatSync(file);
    if (!stat.isFile()) return null;
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Marker>;
    if (parsed.producto !== 'Socioeconómico') return null;
    return {
      producto: 'Socioeconómico',
      raiz: parsed.raiz === true,
      entradas: (parsed.entradas ?? []).filter(isOwnedName),
    };
  } catch {
    return null;
  }
}

function writeMarker(dataDir: string, marker: Marker): void {
  const file = path.join(dataDir, MARKER);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(marker, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

/** Markers already read or written by this process, by DATA_DIR. */
const claimed = new Map<string, Marker>();

/**
 * Makes sure DATA_DIR is the product's before anything is written there: creates it (0700) when missing,
 * adopts an empty folder, or a folder holding only what older versions of the product created there (no
 * marker yet), and otherwise throws a ConfigError in Spanish. Idempotent; `memory://` is left alone.
 */
export function claimDataDir(dataDir: string): void {
  if (isMemoryDir(dataDir) || claimed.has(dataDir)) return;
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const marker: Marker = { producto: 'Socioeconómico', raiz: true, entradas: [] };
    writeMarker(dataDir, marker);
    claimed.set(dataDir, marker);
    return;
  }
  const stat = lstatSync(dataDir);
  if (!stat.isDirectory()) {
    throw new ConfigError(
      `DATA_DIR (${dataDir}) no es una carpeta. Define DATA_DIR con una carpeta nueva o vacía, por ejemplo DATA_DIR=./.data.`,
    );
  }
  const existing = readMarker(dataDir);
  if (existing) {
    claimed.set(dataDir, existing);
    return;
  }
  const names = readdirSync(dataDir);
  const foreign = names.filter((name) => !isOwnedName(name) && !isStagingName(name));
  if (foreign.length > 0) {
    const shown = foreign.slice(0, 5).join(', ') + (foreign.length > 5 ? ` y ${foreign.length - 5} más` : '');
    throw new ConfigError(
      [
        `DATA_DIR (${dataDir}) no está vacío y no lo creó Socioeconómico (contiene: ${shown}).`,
        'El servidor no escribe ni cambia permisos en carpetas ajenas. Usa una carpeta nueva o vacía solo para',
        'Socioeconómico, por ejemplo: DATA_DIR=./.data npm start',
      ].join('\n'),
    );
  }
  // Empty, or only what an older version of the product left (database folder, secret, outbox).
  const marker: Marker = {
    producto: 'Socioeconómico',
    raiz: false,
    entradas: names.filter(isOwnedName),
  };
  writeMarker(dataDir, marker);
  claimed.set(dataDir, marker);
}

/**
 * Records that the product is about to create `entry` under DATA_DIR (claims DATA_DIR first). An entry that
 * already exists and was not recorded is not the product's: refused with a ConfigError.
 */
export function recordOwnedEntry(dataDir: string, entry: OwnedEntry): void {
  if (isMemoryDir(dataDir)) return;
  claimDataDir(dataDir);
  const marker = claimed.get(dataDir);
  if (!marker || marker.entradas.includes(entry)) return;
  if (existsSync(path.join(dataDir, entry))) {
    throw new ConfigError(
      `DATA_DIR (${dataDir}) ya contiene «${entry}», que no creó Socioeconómico. Muévelo o usa otra carpeta para DATA_DIR.`,
    );
  }
  marker.entradas.push(entry);
  writeMarker(dataDir, marker);
}

/**
 * Keeps the product's files private to its account: umask 0o077 for everything the process creates from now
 * on, and, for the entries the marker records (PGlite creates its files 0666 whatever the umask; trees of older
 * versions were 0666/0777), folders 0700 and files 0600. Symbolic links are never followed or changed, and a
 * file with more than one hard link is left alone (its other names may be outside the product). DATA_DIR
 * itself is set to 0700 only when the product created it. `except` leaves one entry to a later call (the
 * database folder, which createDatabase secures right after PGlite opened it). Returns how many modes were changed.
 */
export function secureDataDir(dataDir: string, options: { except?: OwnedEntry } = {}): number {
  let files = 0;
  const folders = walkDataDir(dataDir, options, (file) => {
    const stat = lstatSync(file, { throwIfNoEntry: false });
    if (stat && fileToSecure(stat)) {
      chmodSync(file, 0o600);
      files += 1;
    }
  });
  return folders + files;
}

/**
 * secureDataDir with the files' part in libuv's thread pool: the folders are listed and made 0700 now (from then
 * on nothing inside is within others' reach), and each file's lstat and chmod (a database folder holds ~1,100
 * files: 25-40 ms of the main thread at every start) run on another core while the start goes on. Resolves with
 * how many modes were changed once every file is done; the server awaits it before it listens.
 */
export async function secureDataDirInBackground(dataDir: string): Promise<number> {
  const files: string[] = [];
  const folders = walkDataDir(dataDir, {}, (file) => files.push(file));
  const changed = await Promise.all(
    files.map(async (file) => {
      const stat = await fsp.lstat(file).catch(() => undefined);
      if (!stat || !fileToSecure(stat)) return 0;
      await fsp.chmod(file, 0o600);
      return 1;
    }),
  );
  return changed.reduce<number>((sum, n) => sum + n, folders);
}

/** A regular file with one name whose mode is not yet 0600. */
const fileToSecure = (stat: Stats) => stat.isFile() && stat.nlink === 1 && (stat.mode & 0o777) !== 0o600;

/**
 * The walk of secureDataDir: umask, DATA_DIR (when the product created it) and every folder of the recorded entries
 * made 0700, each folder listed once; symbolic links skipped; `file` called with every other entry (files, which
 * the caller checks). Returns how many folder modes were changed.
 */
function walkDataDir(
  dataDir: string,
  options: { except?: OwnedEntry },
  file: (target: string) => void,
): number {
  process.umask(0o077);
  if (isMemoryDir(dataDir) || !existsSync(dataDir)) return 0;
  const marker = claimed.get(dataDir) ?? readMarker(dataDir);
  if (!marker) return 0;
  let changed = 0;
  const setMode = (target: string, wanted: number, mode: number) => {
    if ((mode & 0o777) === wanted) return;
    chmodSync(target, wanted);
    changed += 1;
  };
  const folder = (target: string) => {
    const stat = lstatSync(target, { throwIfNoEntry: false });
    if (!stat?.isDirectory()) return;
    setMode(target, 0o700, stat.mode);
    for (const entry of readdirSync(target, { withFileTypes: true })) {
      const child = path.join(target, entry.name);
      if (entry.isDirectory()) folder(child);
      else if (!entry.isSymbolicLink()) file(child);
    }
  };
  const root = lstatSync(dataDir);
  if (marker.raiz && root.isDirectory()) setMode(dataDir, 0o700, root.mode);
  for (const entry of marker.entradas) {
    if (entry === options.except) continue;
    const target = path.join(dataDir, entry);
    const stat = lstatSync(target, { throwIfNoEntry: false });
    if (stat?.isDirectory()) folder(target);
    else if (stat?.isFile()) file(target);
  }
  return changed;
}
