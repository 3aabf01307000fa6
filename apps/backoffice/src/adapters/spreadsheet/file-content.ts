/**
 * What a file really is, from its bytes, before anything is parsed: a name ending in .xlsx says nothing
 * about the content (a text file renamed .xlsx reached step 2 with its text as headers).
 *
 * - .xlsx / .xlsm / .xlsb / .ods: a zip holding a workbook part (`xl/workbook.xml`, `xl/workbook.bin`,
 *   or an OpenDocument `content.xml` with its spreadsheet mimetype).
 * - .xls: an OLE2 compound file (Excel 97–2003), or the HTML / XML-spreadsheet text that older exports
 *   save under .xls and Excel opens.
 * - .csv: text (no binary control bytes).
 */

/** How the reader treats the file; anything else is refused as 'unsupported'. */
export type ContentKind = 'workbook' | 'csv' | 'unsupported';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

const latin1 = new TextDecoder('latin1');

/** One entry of a zip, as its central directory describes it. */
export interface ZipPart {
  name: string;
  /** 0 stored, 8 deflated (anything else: the caller cannot inflate it). */
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  /** Offset of the entry's local header. */
  localOffset: number;
}

/**
 * A zip's entries, from its central directory; null when the directory cannot be read
 * (a zip64 archive or a damaged one: the workbook reader then decides).
 */
function zipDirectory(bytes: Uint8Array): ZipPart[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes plus a comment of up to 65,535.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= lowest; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) return null;
  const parts: ZipPart[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    parts.push({
      name: latin1.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localOffset: view.getUint32(offset + 42, true),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

/** Names of a zip's entries; null when its central directory cannot be read. */
export function zipEntryNames(bytes: Uint8Array): string[] | null {
  return zipDirectory(bytes)?.map((part) => part.name) ?? null;
}

/** A zip's entries by lower-cased name (zip names are matched without case, as SheetJS does). */
export function zipParts(bytes: Uint8Array): Map<string, ZipPart> | null {
  const parts = zipDirectory(bytes);
  return parts && new Map(parts.map((part) => [part.name.toLowerCase(), part]));
}

/** A zip with a workbook inside: Office Open XML (xlsx, xlsm, xlsb) or an OpenDocument spreadsheet. */
function isWorkbookZip(bytes: Uint8Array): boolean {
  const names = zipEntryNames(bytes);
  if (names === null) return true;
  const set = new Set(names.map((name) => name.toLowerCase()));
  if (set.has('xl/workbook.xml') || set.has('xl/workbook.bin')) return true;
  // OpenDocument: a 'mimetype' entry, stored first and uncompressed, names the document type.
  if (set.has('content.xml') && set.has('mimetype')) {
    return latin1.decode(bytes.subarray(0, 200)).includes('application/vnd.oasis.opendocument.spreadsheet');
  }
  return false;
}

/** The first bytes as text, without a BOM, lower-cased: enough to recognise HTML or XML. */
function head(bytes: Uint8Array): string {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return latin1
    .decode(bytes.subarray(start, start + 4096))
    .trimStart()
    .toLowerCase();
}

/** HTML table or XML Spreadsheet 2003 text: what older exports write under .xls and Excel opens. */
function isSpreadsheetMarkup(bytes: Uint8Array): boolean {
  const text = head(bytes);
  if (!text.startsWith('<')) return false;
  return (
    text.includes('urn:schemas-microsoft-com:office:spreadsheet') ||
    text.includes('<table') ||
    text.includes('<html')
  );
}

/**
 * Text, not binary: no NUL or other control bytes (tab, line breaks and form feed aside) in the first
 * 8 KB. UTF-16 text (with its BOM, or ASCII with a zero in every other byte) counts as text.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  const n = Math.min(bytes.length, 8192);
  let zeros = 0;
  let controls = 0;
  for (let i = 0; i < n; i++) {
    const byte = bytes[i] as number;
    if (byte === 0) zeros++;
    else if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls++;
  }
  // ASCII written as UTF-16 without a BOM: a zero in about every other byte and nothing else odd.
  if (zeros > 0) return controls === 0 && zeros >= n * 0.4;
  return controls === 0;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

/** What the reader does with a file: read it as a workbook, as CSV, or refuse it. */
export function contentKind(bytes: Uint8Array, name: string, type = ''): ContentKind {
  if (startsWith(bytes, ZIP)) return isWorkbookZip(bytes) ? 'workbook' : 'unsupported';
  if (startsWith(bytes, OLE2)) return 'workbook';
  const extension = extensionOf(name);
  const csvByType = /csv|comma-separated/i.test(type);
  if (extension === '.csv' || csvByType || extension === '') {
    return looksLikeText(bytes) ? 'csv' : 'unsupported';
  }
  if (extension === '.xls' || extension === '.xlsx') {
    return isSpreadsheetMarkup(bytes) ? 'workbook' : 'unsupported';
  }
  return 'unsupported';
}
