/**
 * The streaming .xlsx reader: the rows of a workbook's sheet exactly as `parse-core` builds them from
 * SheetJS's cells, without SheetJS holding the sheet. A 1,048,575-row sheet is ~470 MB of XML; SheetJS
 * inflates it whole, makes one string of it and one object per cell (2.4 GB in Node). Here the sheet's zip
 * entry is inflated a slice at a time (fflate), decoded as UTF-8 as it comes, and a small hand-written
 * scanner (no DOM) reads it row by row: only the row being read and the rows not yet handed over are held.
 *
 * What it reads as SheetJS does (`@e965/xlsx` 0.20.3, `parse_ws_xml_data` and friends, options of
 * `parse-core`'s `readWorkbook`): the workbook's sheets and their parts ([Content_Types].xml, workbook.xml
 * and its rels), the shared strings (each kept once, already trimmed), the number formats of the cell
 * styles (to tell dates and formats the way SheetJS's `z` does), the sheet's `<dimension>` (the grid's
 * range; without it, the range of the cells), and per cell `t` = n | s | str | inlineStr | b | e, the `<v>`
 * value (a formula's cached value; the formula itself is skipped), `s`, sparse `r=` references and rows.
 *
 * What it leaves to SheetJS (`NotStreamable`, thrown before or after rows went; the caller starts over with
 * SheetJS): .xlsb, encrypted or zip64 files, parts it cannot find, text that is not UTF-8, `t="d"` cells,
 * rows out of order or cells whose reference names another row, unquoted or upper-case attributes,
 * elements it does not know inside `<sheetData>`/`<row>`/`<c>`, shared-string indexes out of range,
 * chart/macro/dialog sheets.
 */

import * as XLSX from '@e965/xlsx';
import { Inflate, inflateSync } from 'fflate';
import type { ZipPart } from './file-content';
import {
  cellValueText,
  ERROR_TEXT,
  headerNames,
  type ParseHooks,
  type RowSink,
  SpreadsheetError,
} from './sheet-rows';

/** Something this reader does not read the way SheetJS would: SheetJS reads the file instead. */
export class NotStreamable extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'NotStreamable';
  }
}

/** The emitting pass met data wider than it assumed: measure the sheet, then emit again. */
class Relayout extends Error {}
/** The sheet's range is unknown or larger than `maxRows`: measure before building any row. */
class NeedMeasure extends Error {}

// ---------------------------------------------------------------------------------------------------
// Zip parts

function dataStart(bytes: Uint8Array, part: ZipPart): number {
  if (part.flags & 1) throw new NotStreamable('encrypted part');
  if (part.method !== 0 && part.method !== 8) throw new NotStreamable(`compression method ${part.method}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = part.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50)
    throw new NotStreamable('local header');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + part.compressedSize > bytes.length) throw new NotStreamable('truncated part');
  return start;
}

const utf8 = new TextDecoder('utf-8');

/** A small part (workbook, rels, styles) as text; null when the zip has no such part. */
function partText(bytes: Uint8Array, parts: Map<string, ZipPart>, name: string): string | null {
  const part = parts.get(name.toLowerCase());
  if (!part) return null;
  const start = dataStart(bytes, part);
  const raw = bytes.subarray(start, start + part.compressedSize);
  let data: Uint8Array;
  try {
    data = part.method === 0 ? raw : inflateSync(raw);
  } catch (error) {
    throw new NotStreamable(`inflate ${name}: ${error instanceof Error ? error.message : error}`);
  }
  return checkedText(utf8.decode(data));
}

/** UTF-16 XML (a BOM or zero bytes decoded as UTF-8) is left to SheetJS. */
function checkedText(text: string): string {
  const head = text.slice(0, 64);
  if (head.includes('\u0000') || head.charCodeAt(0) === 0xfffd) throw new NotStreamable('not UTF-8');
  return text;
}

export const DEFAULT_INPUT_CHUNK = 64 * 1024;

/**
 * Inflates a part a slice of `inputChunk` compressed bytes at a time and hands its UTF-8 text over as it
 * comes; `onProgress` gets the fraction of compressed bytes read.
 */
function streamPart(
  bytes: Uint8Array,
  part: ZipPart,
  inputChunk: number,
  onText: (text: string) => void,
  onProgress?: (fraction: number) => void,
) {
  const start = dataStart(bytes, part);
  const end = start + part.compressedSize;
  const decoder = new TextDecoder('utf-8');
  let first = true;
  const take = (data: Uint8Array) => {
    const text = decoder.decode(data, { stream: true });
    if (text === '') return;
    if (first) {
      first = false;
      checkedText(text);
    }
    onText(text);
  };
  const inflate = part.method === 8 ? new Inflate((data) => take(data)) : null;
  for (let at = start; at < end || at === start; at += inputChunk) {
    const stop = Math.min(end, at + inputChunk);
    const slice = bytes.subarray(at, stop);
    if (inflate) {
      try {
        inflate.push(slice, stop === end);
      } catch (error) {
        // Errors thrown by `onText` (the scanner's own) pass; fflate's (a numeric `code`) mean a damaged part.
        if (typeof (error as { code?: unknown }).code !== 'number') throw error;
        throw new NotStreamable(`inflate ${part.name}: ${(error as Error).message}`);
      }
    } else take(slice);
    onProgress?.(end === start ? 1 : (stop - start) / (end - start));
    if (stop === end) break;
  }
  const tail = decoder.decode();
  if (tail !== '') onText(tail);
}

// ---------------------------------------------------------------------------------------------------
// XML helpers, as SheetJS's (unescapexml, parsexmltag, parse_si)

const ENTITY = /&(?:quot|apos|gt|lt|amp|#x?([\da-fA-F]+));/gi;
const CODE = /_x([\da-fA-F]{4})_/gi;
const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&apos;': "'",
  '&gt;': '>',
  '&lt;': '<',
  '&amp;': '&',
};

function rawUnescape(text: string): string {
  const i = text.indexOf('<![CDATA[');
  if (i === -1)
    return text
      .replace(
        ENTITY,
        (all, code: string | undefined) =>
          ENTITIES[all] ||
          String.fromCharCode(Number.parseInt(code as string, all.indexOf('x') > -1 ? 16 : 10)) ||
          all,
      )
      .replace(CODE, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)));
  const j = text.indexOf(']]>');
  return rawUnescape(text.slice(0, i)) + text.slice(i + 9, j) + rawUnescape(text.slice(j + 3));
}

/** XML text as SheetJS unescapes it; `xlsx`: also CRLF → LF (what it does for cell strings). */
export function unescapeXml(text: string, xlsx = false): string {
  // Most values have nothing to unescape: skip the regular expressions.
  const plain = text.indexOf('&') < 0 && text.indexOf('_') < 0 && text.indexOf('<') < 0;
  const out = plain ? text : rawUnescape(text);
  return xlsx && out.indexOf('\r\n') >= 0 ? out.replace(/\r\n/g, '\n') : out;
}

const ATTRIBUTE = /\s([^"\s?>/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^'">\s]+))/g;

/** The attributes of a tag, keys without namespace prefix (SheetJS's `parsexmltag`, small parts only). */
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(ATTRIBUTE)) {
    let key = m[1] as string;
    const colon = key.indexOf(':');
    if (colon >= 0) key = (colon === 5 && key.startsWith('xmlns') ? 'xmlns' : '') + key.slice(colon + 1);
    else if (key.indexOf('_') > 0) key = key.slice(0, key.indexOf('_'));
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    out[key] = value;
    out[key.toLowerCase()] = value;
  }
  return out;
}

/** Every tag of a small part: its name without prefix ('<sheet', '</sheets>'…) and the tag. */
function* tags(xml: string): Generator<[string, string]> {
  for (const m of xml.matchAll(/<[^<>]*>/g)) {
    const tag = m[0];
    let end = 1;
    while (end < tag.length && !/[\s>]/.test(tag[end] as string)) end++;
    yield [tag.slice(0, end).replace(/^<(\/?)\w+:/, '<$1'), tag];
  }
}

/** First `<tag …>…</tag>` (any prefix): [whole, inner] (SheetJS's `str_match_xml_ns`). */
function element(xml: string, tag: string): [string, string] | null {
  const open = new RegExp(`<(?:\\w+:)?${tag}\\b[^<>]*>`, 'g');
  const m = open.exec(xml);
  if (!m) return null;
  const close = new RegExp(`</(?:\\w+:)?${tag}>`, 'g');
  close.lastIndex = open.lastIndex;
  const e = close.exec(xml);
  if (!e) return null;
  return [xml.slice(m.index, close.lastIndex), xml.slice(open.lastIndex, e.index)];
}

const SI_PLAIN = /^\s*<(?:\w+:)?t[^>]*>/;
const T_CLOSE = /<\/(?:\w+:)?t>/;
const SI_RICH = /<(?:\w+:)?r\b[^<>]*>/;
const PHONETIC = /<(?:\w+:)?rPh\b[^<>]*>[\s\S]*?<\/(?:\w+:)?rPh>/g;
const SI_T = /<(?:\w+:)?t\b[^<>]*>([^<]*)<\/(?:\w+:)?t>/g;

/** The text of a string item (`<si>` or `<is>` content), as SheetJS's `parse_si`; undefined when none. */
function stringItem(x: string): string | undefined {
  if (!x) return '';
  if (SI_PLAIN.test(x)) return unescapeXml(x.slice(x.indexOf('>') + 1).split(T_CLOSE)[0] || '', true);
  if (SI_RICH.test(x)) {
    let text = '';
    for (const m of x.replace(PHONETIC, '').matchAll(SI_T)) text += m[1];
    return unescapeXml(text, true);
  }
  return undefined;
}

/** A string SheetJS shows trimmed, or null when blank. */
function shownText(text: string | undefined): string | null {
  if (text === undefined) return null;
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * A copy of a string that keeps no larger string alive: a slice of a chunk of XML would hold the whole
 * chunk in memory for as long as the shared-string table lives.
 */
function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

const parseBool = (value: string | undefined) => value === '1' || value === 'true';

/** Error text → SheetJS's code (its RBErr: the codes of `ERROR_TEXT`, and its own '#WTF?'). */
const ERROR_CODE: Record<string, number> = { '#WTF?': 0xff };
for (const [code, text] of Object.entries(ERROR_TEXT)) ERROR_CODE[text] = Number(code);

// ---------------------------------------------------------------------------------------------------
// The workbook: sheets, date system, cell formats, shared strings

const CT_NAMESPACE = 'http://schemas.openxmlformats.org/package/2006/content-types';
const WORKBOOK_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
  'application/vnd.ms-excel.sheet.binary.macroEnabled.main',
  'application/vnd.ms-excel.addin.macroEnabled.main+xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml',
]);
const SST_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml',
  'application/vnd.ms-excel.sharedStrings',
]);
const STYLE_TYPES = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml',
  'application/vnd.ms-excel.styles',
]);
const WORKSHEET_RELS = new Set([
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet',
  'http://purl.oclc.org/ooxml/officeDocument/relationships/worksheet',
]);

/** SheetJS's number formats before a file adds its own (its table is reset at each read). */
const BUILTIN_FORMATS: Record<number, string> = { ...XLSX.SSF.get_table() };

interface SheetEntry {
  name: string;
  /** The part's name in the zip, or null when the workbook's rels do not lead to a worksheet part. */
  path: string | null;
}

interface Book {
  sheets: SheetEntry[];
  date1904: boolean;
  /** Number format of each cell style (`s`), as SheetJS's `z`. */
  styleFormats: (string | undefined)[];
  sstPath: string;
}

const stripSlash = (path: string) => (path.startsWith('/') ? path.slice(1) : path);

function readBook(bytes: Uint8Array, parts: Map<string, ZipPart>): Book {
  const contentTypes = partText(bytes, parts, '[Content_Types].xml');
  if (contentTypes === null) throw new NotStreamable('no [Content_Types].xml');
  const workbooks: string[] = [];
  let sstPath = '';
  let stylePath = '';
  let namespace: string | undefined;
  for (const [name, tag] of tags(contentTypes)) {
    if (name === '<Types') {
      const a = attributes(tag);
      const prefix = /<(\w+):/.exec(tag)?.[1] ?? '';
      namespace = a[`xmlns${prefix}`];
    } else if (name === '<Override') {
      const a = attributes(tag);
      const type = a.ContentType ?? '';
      if (WORKBOOK_TYPES.has(type)) workbooks.push(a.PartName ?? '');
      else if (SST_TYPES.has(type)) sstPath ||= a.PartName ?? '';
      else if (STYLE_TYPES.has(type)) stylePath ||= a.PartName ?? '';
    }
  }
  if (namespace !== CT_NAMESPACE) throw new NotStreamable('content types namespace');
  if (workbooks.length === 0 && parts.has('xl/workbook.xml')) workbooks.push('xl/workbook.xml');
  const workbookPath = workbooks[0];
  if (!workbookPath || workbookPath.endsWith('bin')) throw new NotStreamable('binary or missing workbook');

  const workbookXml = partText(bytes, parts, stripSlash(workbookPath));
  if (workbookXml === null) throw new NotStreamable('workbook part');
  let date1904 = false;
  const sheets: { name: string; id: string | undefined }[] = [];
  for (const [name, tag] of tags(workbookXml)) {
    if (name === '<workbookPr' || name === '<workbookPr/>') {
      const a = attributes(tag);
      if (a.date1904 != null) date1904 = parseBool(a.date1904);
    } else if (name === '<sheet') {
      const a = attributes(tag);
      sheets.push({ name: unescapeXml(a.name ?? ''), id: a.id || a.strRelID });
    }
  }

  const slash = workbookPath.lastIndexOf('/');
  let relsPath = stripSlash(`${workbookPath.slice(0, slash + 1)}_rels/${workbookPath.slice(slash + 1)}.rels`);
  if (!parts.has(relsPath.toLowerCase())) relsPath = 'xl/_rels/workbook.xml.rels';
  const rels = new Map<string, { target: string; type: string }>();
  for (const [name, tag] of tags(partText(bytes, parts, relsPath) ?? '')) {
    if (name !== '<Relationship') continue;
    const a = attributes(tag);
    rels.set(a.Id ?? '', { target: unescapeXml(a.Target ?? ''), type: a.Type ?? '' });
  }
  const exists = (path: string) => parts.has(path.toLowerCase());
  const entries = sheets.map(({ name, id }): SheetEntry => {
    const rel = id === undefined ? undefined : rels.get(id);
    if (!rel || (rel.type !== '' && !WORKSHEET_RELS.has(rel.type))) return { name, path: null };
    let path = `xl/${rel.target.replace(/[/]?xl\//, '')}`;
    if (!exists(path)) path = rel.target;
    if (!exists(path)) path = relsPath.replace(/_rels\/[\S\s]*$/, '') + rel.target;
    return { name, path: exists(path) ? path : null };
  });

  return { sheets: entries, date1904, styleFormats: readStyles(bytes, parts, stylePath), sstPath };
}

/** The number format SheetJS gives each cell style (`cellXfs` order), from `styles.xml`. */
function readStyles(bytes: Uint8Array, parts: Map<string, ZipPart>, stylePath: string) {
  if (!stylePath) return [];
  let xml = partText(bytes, parts, stripSlash(stylePath));
  if (xml === null) return [];
  xml = xml.replace(/<!--[\s\S]*?-->/g, '');
  const custom = new Map<number, string>();
  const numFmts = element(xml, 'numFmts');
  if (numFmts) {
    for (const [name, tag] of tags(numFmts[0])) {
      if (name !== '<numFmt') continue;
      const a = attributes(tag);
      const id = Number.parseInt(a.numFmtId ?? '', 10);
      // SheetJS loads a format for ids above 0 only, and mends Google Sheets' invalid 'd.m'.
      const format = unescapeXml(a.formatCode ?? '');
      if (id > 0) custom.set(id, format === 'd.m' ? 'd\\.m' : format);
    }
  }
  const formatOf = (id: number) => custom.get(id) ?? (id <= 0x188 ? BUILTIN_FORMATS[id] : undefined);
  const cellXfs = element(xml, 'cellXfs');
  if (!cellXfs) return [];
  const formats: (string | undefined)[] = [];
  for (const [name, tag] of tags(cellXfs[0])) {
    if (name !== '<xf' && name !== '<xf/>' && name !== '<xf>') continue;
    const id = attributes(tag).numFmtId;
    formats.push(formatOf(id ? Number.parseInt(id, 10) : 0));
  }
  return formats;
}

/** The shared strings, each as the cell shows it (trimmed, null when blank), read as a stream. */
function readSharedStrings(
  bytes: Uint8Array,
  parts: Map<string, ZipPart>,
  path: string,
  inputChunk: number,
  onProgress: (fraction: number) => void,
): (string | null)[] {
  const strings: (string | null)[] = [];
  if (!path) return strings;
  const part = parts.get(stripSlash(path).toLowerCase());
  if (!part) return strings;
  let buf = '';
  let close = '';
  let done = false;
  const item = (piece: string) => {
    const x = piece.replace(/<(?:\w+:)?(?:si|sstItem)>/g, '').trim();
    const text = shownText(stringItem(x));
    strings.push(text === null ? null : detached(text));
  };
  streamPart(
    bytes,
    part,
    inputChunk,
    (text) => {
      if (done) return;
      buf += text;
      let pos = 0;
      if (close === '') {
        const open = /<(\w+:)?sst\b[^<>]*>/.exec(buf);
        if (!open) return;
        if (open[0].endsWith('/>')) {
          done = true;
          return;
        }
        close = `</${open[1] ?? ''}si>`;
        pos = open.index + open[0].length;
      }
      if (buf.includes('sstItem', pos)) throw new NotStreamable('sstItem');
      for (;;) {
        const end = buf.indexOf(close, pos);
        if (end < 0) break;
        item(buf.slice(pos, end));
        pos = end + close.length;
      }
      const sstClose = /<\/(?:\w+:)?sst>/.exec(buf.slice(pos));
      if (sstClose) {
        item(buf.slice(pos, pos + sstClose.index));
        done = true;
        buf = '';
        return;
      }
      buf = buf.slice(pos);
    },
    onProgress,
  );
  return strings;
}

// ---------------------------------------------------------------------------------------------------
// The sheet scanner

/** A sheet's `<dimension ref>` as SheetJS reads it (0-based, inclusive). */
interface Range {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** SheetJS's `safe_decode_range`: 'B3:J100' → 0-based corners. */
function decodeRange(ref: string): Range {
  let i = 0;
  let cc = 0;
  const len = ref.length;
  let idx = 0;
  for (; i < len; i++) {
    cc = ref.charCodeAt(i) - 64;
    if (cc < 1 || cc > 26) break;
    idx = 26 * idx + cc;
  }
  const left = idx - 1;
  idx = 0;
  for (; i < len; i++) {
    cc = ref.charCodeAt(i) - 48;
    if (cc < 0 || cc > 9) break;
    idx = 10 * idx + cc;
  }
  const top = idx - 1;
  if (i === len || cc !== 10) return { top, left, bottom: top, right: left };
  i++;
  idx = 0;
  for (; i !== len; i++) {
    cc = ref.charCodeAt(i) - 64;
    if (cc < 1 || cc > 26) break;
    idx = 26 * idx + cc;
  }
  const right = idx - 1;
  idx = 0;
  for (; i !== len; i++) {
    cc = ref.charCodeAt(i) - 48;
    if (cc < 0 || cc > 9) break;
    idx = 10 * idx + cc;
  }
  return { top, left, bottom: idx - 1, right };
}

/** What the scanner hands over for each `<row>`: its cells that SheetJS would store. */
interface RowVisitor {
  /** Once, before any row: the sheet's dimension, or null when SheetJS would use the cells' range. */
  start(dimension: Range | null): void;
  /**
   * Row `rowNumber` (1-based): `count` cells at columns `cols` (0-based, in file order, a later one
   * replacing an earlier one of the same column) showing `texts`; `touched` the lowest and highest column
   * of the cells SheetJS counts in its range guess (-1 when none); `selfClosed` for `<row …/>`.
   */
  row(
    rowNumber: number,
    count: number,
    cols: number[],
    texts: (string | null)[],
    touchedMin: number,
    touchedMax: number,
    selfClosed: boolean,
  ): void;
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
/** After an element name: whitespace, '>' or '/'. */
const isNameEnd = (c: number) => isSpace(c) || c === 62 || c === 47;

/** Cell types ('t'), as small numbers. */
const T_NONE = 0;
const T_N = 1;
const T_S = 2;
const T_STR = 3;
const T_INLINE = 4;
const T_B = 5;
const T_E = 6;
const T_OTHER = 7;

/**
 * Reads a sheet's XML as it comes, one complete `<row>` at a time; what is left of an unfinished row waits
 * for the next text. Holds the unfinished row and the text just handed in, never the sheet.
 */
class SheetScanner {
  private buf = '';
  private inData = false;
  private done = false;
  private rowOpen = '<row';
  private rowClose = '</row>';
  private cellOpen = '<c';
  private cellClose = '</c>';
  private vClose = '</v>';
  private fClose = '</f>';
  private isClose = '</is>';
  private dataClose = '</sheetData>';
  private prefix = '';
  private lastRow = 0;
  private readonly cols: number[] = [];
  private readonly texts: (string | null)[] = [];
  // The cell being read.
  private cellCol = -1;
  private cellRow = -1;
  private cellStyle = -1;
  private cellType = T_NONE;

  constructor(
    private readonly visitor: RowVisitor,
    private readonly strings: readonly (string | null)[],
    private readonly styleFormats: readonly (string | undefined)[],
    private readonly date1904: boolean,
    private readonly onHeld?: (chars: number) => void,
  ) {}

  push(text: string) {
    if (this.done) return;
    const buf = this.buf + text;
    let pos = 0;
    if (!this.inData) {
      const open = /<(\w+:)?sheetData\b[^<>]*>/.exec(buf);
      if (!open) {
        this.buf = buf;
        this.onHeld?.(buf.length);
        return;
      }
      this.startData(buf.slice(0, open.index), open[1] ?? '');
      if (open[0].endsWith('/>')) {
        this.done = true;
        this.buf = '';
        return;
      }
      pos = open.index + open[0].length;
    }
    pos = this.rows(buf, pos);
    this.buf = this.done ? '' : buf.slice(pos);
    this.onHeld?.(buf.length);
  }

  end() {
    if (!this.inData) {
      // No <sheetData>: SheetJS finds no cells; a dimension may still give a range.
      this.startData(this.buf, '');
      return;
    }
    if (!this.done) throw new NotStreamable('unterminated sheetData');
  }

  private startData(prolog: string, prefix: string) {
    this.inData = true;
    this.prefix = prefix;
    this.rowOpen = `<${prefix}row`;
    this.rowClose = `</${prefix}row>`;
    this.cellOpen = `<${prefix}c`;
    this.cellClose = `</${prefix}c>`;
    this.vClose = `</${prefix}v>`;
    this.fClose = `</${prefix}f>`;
    this.isClose = `</${prefix}is>`;
    this.dataClose = `</${prefix}sheetData>`;
    // SheetJS: `<dimension` found after the start, a quoted 'X:Y' within 50 characters of it.
    let dimension: Range | null = null;
    const at = prolog.search(/<(?:\w*:)?dimension/);
    if (at > 0) {
      const ref = /"(\w*:\w*)"/.exec(prolog.slice(at, at + 50));
      if (ref) {
        const d = decodeRange(ref[1] as string);
        if (d.top <= d.bottom && d.left <= d.right && d.top >= 0 && d.left >= 0) dimension = d;
      }
    }
    this.visitor.start(dimension);
  }

  /** Reads every complete row from `pos`; returns where the unread text starts. */
  private rows(buf: string, start: number): number {
    let pos = start;
    const { rowOpen, rowClose } = this;
    for (;;) {
      const lt = buf.indexOf('<', pos);
      if (lt < 0) return buf.length;
      if (buf.startsWith(rowOpen, lt)) {
        if (lt + rowOpen.length >= buf.length) return lt;
        if (!isNameEnd(buf.charCodeAt(lt + rowOpen.length))) throw new NotStreamable('element in sheetData');
        const gt = buf.indexOf('>', lt);
        if (gt < 0) return lt;
        const selfClosed = buf.charCodeAt(gt - 1) === 47;
        const close = selfClosed ? gt : buf.indexOf(rowClose, gt);
        if (close < 0) return lt;
        let rowNumber = this.rowNumber(buf, lt + rowOpen.length, selfClosed ? gt - 1 : gt);
        if (rowNumber < 0) rowNumber = this.lastRow + 1;
        if (rowNumber <= this.lastRow) throw new NotStreamable('rows out of order');
        this.lastRow = rowNumber;
        if (selfClosed) {
          this.visitor.row(rowNumber, 0, this.cols, this.texts, -1, -1, true);
          pos = gt + 1;
          continue;
        }
        this.cells(buf, gt + 1, close, rowNumber);
        pos = close + rowClose.length;
      } else if (buf.startsWith(this.dataClose, lt)) {
        this.done = true;
        return buf.length;
      } else if (lt + this.dataClose.length > buf.length) {
        return lt;
      } else throw new NotStreamable('element in sheetData');
    }
  }

  /** The `r` of a `<row>` tag between `from` and `to`, or -1 when it has none. */
  private rowNumber(buf: string, from: number, to: number): number {
    let r = -1;
    this.attributes(buf, from, to, (name, start, end) => {
      if (name !== 114) return;
      let n = 0;
      for (let i = start; i < end; i++) {
        const d = buf.charCodeAt(i) - 48;
        if (d < 0 || d > 9) throw new NotStreamable('row reference');
        n = n * 10 + d;
      }
      r = n;
    });
    return r;
  }

  /**
   * Walks a tag's attributes between `from` and `to`; `onValue` gets 'r', 's' or 't' (as char codes) with
   * the value's bounds. Attributes SheetJS would also read as r/s/t (upper case, prefixed, 't_x') are left
   * to SheetJS.
   */
  private attributes(
    buf: string,
    from: number,
    to: number,
    onValue: (name: number, start: number, end: number) => void,
  ) {
    let i = from;
    while (i < to) {
      const c = buf.charCodeAt(i);
      if (isSpace(c) || c === 47) {
        i++;
        continue;
      }
      const eq = buf.indexOf('=', i);
      if (eq < 0 || eq >= to) throw new NotStreamable('attribute');
      let nameEnd = eq;
      while (nameEnd > i && isSpace(buf.charCodeAt(nameEnd - 1))) nameEnd--;
      let q = eq + 1;
      while (q < to && isSpace(buf.charCodeAt(q))) q++;
      const quote = buf.charCodeAt(q);
      if (quote !== 34 && quote !== 39) throw new NotStreamable('unquoted attribute');
      const valueEnd = buf.indexOf(quote === 34 ? '"' : "'", q + 1);
      if (valueEnd < 0 || valueEnd >= to) throw new NotStreamable('attribute');
      if (nameEnd - i === 1) {
        const name = buf.charCodeAt(i);
        if (name === 114 || name === 115 || name === 116) onValue(name, q + 1, valueEnd);
        else if (name === 82 || name === 83 || name === 84) throw new NotStreamable('attribute case');
      } else if (readsAsRst(buf, i, nameEnd)) throw new NotStreamable('attribute name');
      i = valueEnd + 1;
    }
  }

  /** The cells of one row (between its tags), handed to the visitor. */
  private cells(buf: string, from: number, to: number, rowNumber: number) {
    const { cellOpen, cols, texts } = this;
    this.current = buf;
    let count = 0;
    let touchedMin = -1;
    let touchedMax = -1;
    let col = -1;
    let pos = from;
    for (;;) {
      const lt = buf.indexOf('<', pos);
      if (lt < 0 || lt >= to) break;
      if (!buf.startsWith(cellOpen, lt) || !isNameEnd(buf.charCodeAt(lt + cellOpen.length))) {
        pos = this.skipExtension(buf, lt, to);
        continue;
      }
      const gt = buf.indexOf('>', lt);
      if (gt < 0 || gt >= to) throw new NotStreamable('cell tag');
      const selfClosed = buf.charCodeAt(gt - 1) === 47;
      this.cellCol = -1;
      this.cellRow = -1;
      this.cellStyle = -1;
      this.cellType = T_NONE;
      this.attributes(buf, lt + cellOpen.length, selfClosed ? gt - 1 : gt, this.cellAttribute);
      if (this.cellCol >= 0) {
        if (this.cellRow !== rowNumber) throw new NotStreamable('cell of another row');
        col = this.cellCol;
      } else col++;
      // Children: <f> (skipped: cellFormula is off), <v>, <is>.
      let vStart = -1;
      let vEnd = -1;
      let isStart = -1;
      let isEnd = -1;
      pos = gt + 1;
      if (!selfClosed) {
        for (;;) {
          const child = buf.indexOf('<', pos);
          if (child < 0 || child >= to) throw new NotStreamable('unterminated cell');
          if (buf.startsWith(this.cellClose, child)) {
            pos = child + this.cellClose.length;
            break;
          }
          const name = this.childName(buf, child);
          const childGt = buf.indexOf('>', child);
          if (childGt < 0 || childGt >= to) throw new NotStreamable('cell child');
          const empty = buf.charCodeAt(childGt - 1) === 47;
          let closeTag = '';
          if (name === 'v') closeTag = this.vClose;
          else if (name === 'f') closeTag = this.fClose;
          else if (name === 'is') closeTag = this.isClose;
          else if (name === 'extLst') closeTag = `</${this.prefix}extLst>`;
          else throw new NotStreamable(`cell child <${name}>`);
          if (empty) {
            pos = childGt + 1;
            continue;
          }
          const end = buf.indexOf(closeTag, childGt);
          if (end < 0 || end >= to) throw new NotStreamable('cell child');
          if (name === 'v' && vStart < 0) {
            vStart = childGt + 1;
            vEnd = end;
          } else if (name === 'is' && isStart < 0) {
            isStart = childGt + 1;
            isEnd = end;
          }
          pos = end + closeTag.length;
        }
      }
      // As parse_ws_xml_data: no type and no value → not a cell; an empty <v> is no value.
      const hasValue = vStart >= 0 && vEnd > vStart;
      const type = this.cellType;
      if (type === T_NONE && !hasValue) continue;
      if (touchedMin < 0 || col < touchedMin) touchedMin = col;
      if (col > touchedMax) touchedMax = col;
      let text: string | null;
      switch (type) {
        case T_NONE:
        case T_N: {
          if (!hasValue) continue;
          const raw = buf.slice(vStart, vEnd);
          const format = this.cellStyle >= 0 ? this.styleFormats[this.cellStyle] : undefined;
          text = cellValueText(
            'n',
            Number.parseFloat(unescapeXml(raw)),
            this.cellStyle >= 0 ? (format ?? 'General') : 'General',
            this.date1904,
          );
          break;
        }
        case T_S: {
          if (!hasValue) continue;
          const index = Number.parseInt(unescapeXml(buf.slice(vStart, vEnd)), 10);
          if (!(index >= 0 && index < this.strings.length)) throw new NotStreamable('shared string index');
          text = this.strings[index] as string | null;
          break;
        }
        case T_STR:
          text = hasValue ? shownText(unescapeXml(unescapeXml(buf.slice(vStart, vEnd)), true)) : null;
          break;
        case T_INLINE:
          text = isStart >= 0 ? shownText(stringItem(buf.slice(isStart, isEnd))) : null;
          break;
        case T_B:
          text = cellValueText(
            'b',
            parseBool(hasValue ? unescapeXml(buf.slice(vStart, vEnd)) : undefined),
            undefined,
            false,
          );
          break;
        case T_E:
          text = cellValueText(
            'e',
            hasValue ? ERROR_CODE[unescapeXml(buf.slice(vStart, vEnd))] : undefined,
            undefined,
            false,
          );
          break;
        default:
          text = null;
      }
      cols[count] = col;
      texts[count] = text;
      count++;
    }
    this.visitor.row(rowNumber, count, cols, texts, touchedMin, touchedMax, false);
  }

  /** An element inside a row other than a cell: `<extLst>` is skipped, anything else left to SheetJS. */
  private skipExtension(buf: string, lt: number, to: number): number {
    const name = this.childName(buf, lt);
    if (name !== 'extLst') throw new NotStreamable(`row child <${name}>`);
    const end = buf.indexOf(`</${this.prefix}extLst>`, lt);
    if (end < 0 || end >= to) throw new NotStreamable('row child');
    return end + this.prefix.length + 9;
  }

  /** The name of the element opening at `lt`, without the sheet's prefix. */
  private childName(buf: string, lt: number): string {
    let end = lt + 1;
    while (end < buf.length && !isNameEnd(buf.charCodeAt(end))) end++;
    const name = buf.slice(lt + 1, end);
    if (this.prefix === '') return name;
    if (!name.startsWith(this.prefix)) throw new NotStreamable('element prefix');
    return name.slice(this.prefix.length);
  }

  private readonly cellAttribute = (name: number, start: number, end: number) => {
    if (name === 114) this.cellReference(start, end);
    else if (name === 115) this.cellStyle = styleIndex(this.current, start, end);
    else this.cellType = cellType(this.current, start, end);
  };

  /** The text being scanned (set by `cells` before reading attributes). */
  private current = '';

  private cellReference(start: number, end: number) {
    const buf = this.current;
    let col = 0;
    let i = start;
    for (; i < end; i++) {
      const c = buf.charCodeAt(i) - 64;
      if (c < 1 || c > 26) break;
      col = col * 26 + c;
    }
    let row = 0;
    const digits = i;
    for (; i < end; i++) {
      const d = buf.charCodeAt(i) - 48;
      if (d < 0 || d > 9) throw new NotStreamable('cell reference');
      row = row * 10 + d;
    }
    if (col === 0 || i === digits) throw new NotStreamable('cell reference');
    this.cellCol = col - 1;
    this.cellRow = row;
  }
}

/** A cell's `s`: SheetJS looks the style up by the attribute's text, so '03' finds none. */
function styleIndex(buf: string, start: number, end: number): number {
  if (end === start || (buf.charCodeAt(start) === 48 && end - start > 1)) return -2;
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = buf.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -2;
    n = n * 10 + d;
  }
  return n;
}

function cellType(buf: string, start: number, end: number): number {
  const length = end - start;
  const c = buf.charCodeAt(start);
  if (length === 1) {
    if (c === 110) return T_N; // n
    if (c === 115) return T_S; // s
    if (c === 98) return T_B; // b
    if (c === 101) return T_E; // e
    if (c === 100) throw new NotStreamable('date cell'); // d: SheetJS's own date parsing
    return T_OTHER;
  }
  const value = buf.slice(start, end);
  if (value === 'str') return T_STR;
  if (value === 'inlineStr') return T_INLINE;
  return T_OTHER;
}

/** Whether SheetJS's `parsexmltag` would read this attribute name as r, s or t (prefix, '_x', case). */
function readsAsRst(buf: string, from: number, to: number): boolean {
  let start = from;
  const colon = buf.indexOf(':', from);
  if (colon >= 0 && colon < to) start = colon + 1;
  else {
    const underscore = buf.indexOf('_', from);
    if (underscore > from && underscore < to) to = underscore;
  }
  if (to - start !== 1) return false;
  const c = buf.charCodeAt(start) | 32;
  return c === 114 || c === 115 || c === 116;
}

// ---------------------------------------------------------------------------------------------------
// From rows of cells to the grid parse-core reads: measuring and emitting

/** The grid SheetJS would give `parse-core` (see its `sheetGrid`), and what it finds in it. */
interface Layout {
  top: number;
  left: number;
  rowCount: number;
  gridWidth: number;
}

interface Measured extends Layout {
  /** Last grid row with something in it (0 = only the header; -1 = nothing). */
  last: number;
  /** Columns kept: the header's and any wider data, minus trailing columns empty everywhere. */
  width: number;
}

const layoutOf = (d: Range): Layout => ({
  top: d.top,
  left: d.left,
  rowCount: d.bottom - d.top + 1,
  gridWidth: d.right - d.left + 1,
});

/** Whether a row has something at or right of the grid's left edge (SheetJS's grid `blank`). */
function filled(count: number, cols: number[], texts: (string | null)[], left: number): boolean {
  for (let i = 0; i < count; i++) if (texts[i] !== null && (cols[i] as number) >= left) return true;
  return false;
}

/** One pass that only measures: the grid's range (without a dimension), its last filled row and width. */
class Measure implements RowVisitor {
  private dimension: Range | null = null;
  private firstRow = -1;
  private lastTaggedRow = -1;
  private minCol = -1;
  private maxCol = -1;
  private lastFilledRow = -1;
  private maxTextCol = -1;

  start(dimension: Range | null) {
    this.dimension = dimension;
  }

  row: RowVisitor['row'] = (rowNumber, count, cols, texts, touchedMin, touchedMax, selfClosed) => {
    const d = this.dimension;
    const r = rowNumber - 1;
    if (!d) {
      // SheetJS's range guess: rows of `<row>` tags with content, columns of the cells it stores.
      if (!selfClosed) {
        if (this.firstRow < 0) this.firstRow = r;
        this.lastTaggedRow = r;
      } else if (r > this.lastTaggedRow) this.lastTaggedRow = r;
      if (touchedMin >= 0 && (this.minCol < 0 || touchedMin < this.minCol)) this.minCol = touchedMin;
      if (touchedMax > this.maxCol) this.maxCol = touchedMax;
    } else if (r < d.top || r > d.bottom) return;
    const left = d ? d.left : 0;
    const right = d ? d.right : Number.MAX_SAFE_INTEGER;
    if (filled(count, cols, texts, left)) this.lastFilledRow = r;
    for (let i = 0; i < count; i++) {
      const col = cols[i] as number;
      if (texts[i] !== null && col >= left && col <= right && col > this.maxTextCol) this.maxTextCol = col;
    }
  };

  /** The grid, or null when SheetJS would find no range (no dimension and no cells). */
  result(): Measured | null {
    let layout: Layout;
    if (this.dimension) layout = layoutOf(this.dimension);
    else if (this.minCol < 0 || this.firstRow < 0) return null;
    else
      layout = {
        top: this.firstRow,
        left: this.minCol,
        rowCount: this.lastTaggedRow - this.firstRow + 1,
        gridWidth: this.maxCol - this.minCol + 1,
      };
    const last = this.lastFilledRow < layout.top ? -1 : this.lastFilledRow - layout.top;
    const width = this.maxTextCol < layout.left ? 0 : this.maxTextCol - layout.left + 1;
    return { ...layout, last, width };
  }
}

/**
 * The pass that builds rows. With a measured grid it knows the width; with only the dimension it takes
 * the header's width and, should a data row reach further, stops (`Relayout`) so the sheet is measured.
 */
class Emit implements RowVisitor {
  private layout: Layout | null;
  private width: number;
  private readonly raw: (string | null)[] = [];
  private headerFilled = false;
  headers: string[] | null = null;
  private nextRow = 1;
  last = -1;
  private readonly values: (string | null)[] = [];
  private readonly value = (c: number) => this.values[c];
  private readonly blank = () => null;

  constructor(
    private readonly sink: RowSink,
    private readonly maxRows: number | undefined,
    measured: Measured | null,
  ) {
    this.layout = measured;
    this.width = measured ? measured.width : -1;
  }

  start(dimension: Range | null) {
    if (this.layout) return;
    if (!dimension) throw new NeedMeasure();
    const layout = layoutOf(dimension);
    // Rows past the caller's limit may be trailing blanks: only a measured count can refuse the file.
    if (this.maxRows !== undefined && layout.rowCount - 1 > this.maxRows) throw new NeedMeasure();
    this.layout = layout;
  }

  row(rowNumber: number, count: number, cols: number[], texts: (string | null)[]) {
    const { top, left, rowCount, gridWidth } = this.layout as Layout;
    const r = rowNumber - 1 - top;
    if (r < 0 || r >= rowCount) return;
    if (r === 0) {
      for (let i = 0; i < count; i++) {
        const c = (cols[i] as number) - left;
        if (c >= 0 && c < gridWidth) this.raw[c] = texts[i] as string | null;
      }
      this.headerFilled = filled(count, cols, texts, left);
      return;
    }
    if (!filled(count, cols, texts, left)) return;
    if (!this.headers) {
      if (this.width < 0) {
        this.width = 0;
        for (let c = 0; c < gridWidth; c++) if (this.raw[c] != null) this.width = c + 1;
      }
      this.headers = headerNames(this.raw, this.width);
      this.sink.setHeaders(this.headers);
    }
    const { values, width } = this;
    values.fill(null, 0, width);
    for (let i = 0; i < count; i++) {
      const c = (cols[i] as number) - left;
      if (c < 0 || c >= gridWidth) continue;
      const text = texts[i] as string | null;
      if (c >= width) {
        if (text !== null) throw new Relayout();
      } else values[c] = text;
    }
    // Blank rows in between are kept (they are reported as 'Fila vacía').
    for (let b = this.nextRow; b < r; b++) this.sink.add(b, top + 1 + b, this.blank);
    this.sink.add(r, rowNumber, this.value);
    this.nextRow = r + 1;
    this.last = r;
  }

  /** The sheet's last filled row when no data row was built: 0 (a header) or -1 (nothing). */
  get headerOnly(): number {
    return this.headerFilled ? 0 : -1;
  }
}

interface SheetRead {
  /** null: SheetJS would find no range in the sheet (it is skipped). */
  last: number | null;
  headers: string[];
}

interface Options {
  inputChunk: number;
  onHeld?: (chars: number) => void;
  onProgress?: (fraction: number) => void;
}

function scan(
  bytes: Uint8Array,
  part: ZipPart,
  book: Book,
  strings: readonly (string | null)[],
  visitor: RowVisitor,
  options: Options,
  progress: [number, number],
) {
  const scanner = new SheetScanner(visitor, strings, book.styleFormats, book.date1904, options.onHeld);
  const [from, to] = progress;
  streamPart(
    bytes,
    part,
    options.inputChunk,
    (text) => scanner.push(text),
    options.onProgress && ((f) => options.onProgress?.(from + (to - from) * f)),
  );
  scanner.end();
}

/** Reads one sheet: its rows go to `sink` only when it has data rows (and no more than `maxRows`). */
function readSheet(
  bytes: Uint8Array,
  part: ZipPart,
  book: Book,
  strings: readonly (string | null)[],
  sink: RowSink,
  maxRows: number | undefined,
  options: Options,
): SheetRead {
  const measure = () => {
    const m = new Measure();
    scan(bytes, part, book, strings, m, options, [0.1, 0.5]);
    return m.result();
  };
  let measured: Measured | null = null;
  for (let attempt = 0; ; attempt++) {
    const emit = new Emit(sink, maxRows, measured);
    try {
      scan(bytes, part, book, strings, emit, options, measured ? [0.5, 1] : [0.1, 1]);
    } catch (error) {
      if (attempt > 0 || !(error instanceof NeedMeasure || error instanceof Relayout)) throw error;
      sink.restart();
      measured = measure();
      if (!measured) return { last: null, headers: [] };
      if (measured.last >= 1 && maxRows !== undefined && measured.last > maxRows)
        throw new SpreadsheetError('too-many-rows', undefined, measured.last);
      if (measured.last < 1) return { last: measured.last, headers: [] };
      continue;
    }
    if (!emit.headers) return { last: emit.headerOnly, headers: [] };
    sink.flush();
    return { last: emit.last, headers: emit.headers };
  }
}

export interface StreamedSheet {
  headers: string[];
  rowCount: number;
  sheetNames: string[];
  sheet: string;
}

/**
 * Reads `input.sheet` of an .xlsx, else its first sheet with data rows (else the first sheet), the way
 * `parse-core` reads SheetJS's grid; rows go to `sink`. Throws `SpreadsheetError` with the spec's cases and
 * `NotStreamable` for what it leaves to SheetJS.
 */
export function readXlsxStreaming(
  bytes: Uint8Array,
  parts: Map<string, ZipPart>,
  input: { sheet?: string; maxRows?: number },
  sink: RowSink,
  hooks: ParseHooks,
): StreamedSheet {
  const options: Options = {
    inputChunk: hooks.xlsx?.inputChunkBytes ?? DEFAULT_INPUT_CHUNK,
    onHeld: hooks.xlsx?.onHeldText,
    onProgress: hooks.onProgress,
  };
  const book = readBook(bytes, parts);
  const sheetNames = book.sheets.map((s) => s.name);
  const strings = readSharedStrings(bytes, parts, book.sstPath, options.inputChunk, (f) =>
    hooks.onProgress?.(0.05 + 0.05 * f),
  );
  const read = (index: number) => {
    const entry = book.sheets[index] as SheetEntry;
    const part = entry.path === null ? undefined : parts.get(entry.path.toLowerCase());
    if (!part) throw new NotStreamable(`sheet part of '${entry.name}'`);
    return readSheet(bytes, part, book, strings, sink, input.maxRows, options);
  };
  const done = (index: number, sheet: SheetRead): StreamedSheet => {
    hooks.onProgress?.(1);
    return {
      headers: sheet.headers,
      rowCount: sheet.last as number,
      sheetNames,
      sheet: sheetNames[index] as string,
    };
  };
  const refuse = (last: number | null): never => {
    throw new SpreadsheetError(last === null || last < 0 ? 'empty' : 'no-data');
  };

  const wanted = input.sheet === undefined ? -1 : sheetNames.indexOf(input.sheet);
  if (wanted >= 0) {
    const sheet = read(wanted);
    if (sheet.last === null || sheet.last < 1) refuse(sheet.last);
    return done(wanted, sheet);
  }
  // The first sheet with data rows (a cover or instructions sheet before the data is skipped), else the
  // first sheet SheetJS finds a range in.
  let first: number | null | undefined;
  for (let i = 0; i < sheetNames.length; i++) {
    const sheet = read(i);
    if (sheet.last !== null && sheet.last >= 1) return done(i, sheet);
    if (first === undefined && sheet.last !== null) first = sheet.last;
  }
  return refuse(first ?? null);
}
