/** Address formatting of folios (one line from street, colonia, city, state and postal code). */

import { type ColumnReader, cleanedText, rowColumnReader, type SheetRow } from './rows';

type Part = string | number | null | undefined;

function text(part: Part): string {
  return part === null || part === undefined ? '' : String(part).trim();
}

/** The non-empty parts joined by ', ', then 'CP <codigo postal>' when there is one (no array per address: a
 * carga formats one per row). */
function join(parts: readonly Part[], codigoPostal: Part): string {
  let out = '';
  for (const part of parts) {
    const piece = text(part);
    if (piece !== '') out = out === '' ? piece : `${out}, ${piece}`;
  }
  const cp = text(codigoPostal);
  if (cp !== '') out = out === '' ? `CP ${cp}` : `${out}, CP ${cp}`;
  return out;
}

export interface TecMtyAddress {
  calle?: Part;
  colonia?: Part;
  ciudad?: Part;
  estado?: Part;
  codigo_postal?: Part;
}

/**
 * TEC_MTY address: 'calle, colonia, ciudad, estado, CP codigo_postal'. Empty parts are left out
 * (so a missing colonia never prints 'null').
 */
export function formatAddress(a: TecMtyAddress): string {
  return join([a.calle, a.colonia, a.ciudad, a.estado], a.codigo_postal);
}

export interface OtherTypeAddress {
  calle?: Part;
  ciudad?: Part;
  state?: Part;
  codigo_postal?: Part;
}

/** Address of the other load type: 'calle, ciudad, state, CP codigo_postal'. */
export function formatAddressOther(a: OtherTypeAddress): string {
  return join([a.calle, a.ciudad, a.state], a.codigo_postal);
}

/**
 * The address cells of a spreadsheet row already cleaned (`cleanRow`), with its normalised state: a folio's
 * address fields (`formatAddress` makes its line). `reader`: how the row's columns are found (by default header
 * by header, `getColumn`; a whole file's rows read faster with `createColumnReader`, same answers).
 */
export function rowAddressParts(
  row: SheetRow,
  estado: string | null,
  reader: ColumnReader = rowColumnReader,
): {
  calle: string | null;
  colonia: string | null;
  ciudad: string | null;
  estado: string | null;
  codigo_postal: string | null;
} {
  return {
    calle: cleanedText(reader.get(row, 'Calle')),
    colonia: cleanedText(reader.get(row, 'Colonia')),
    ciudad: cleanedText(reader.get(row, 'Ciudad')),
    estado,
    codigo_postal: cleanedText(reader.get(row, 'Codigo Postal')),
  };
}

/** The one-line address of a cleaned row (`rowAddressParts` made a line by `formatAddress`). */
export function rowAddress(row: SheetRow, estado: string | null, reader?: ColumnReader): string {
  return formatAddress(rowAddressParts(row, estado, reader));
}
