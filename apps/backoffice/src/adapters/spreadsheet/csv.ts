/**
 * CSV text as a person's spreadsheet would read it: encoding detected from the bytes (UTF-8 with or without
 * BOM, UTF-16 with BOM, Windows-1252 when the bytes are not valid UTF-8 — what Excel on Windows writes) and
 * the delimiter detected (comma, semicolon, tab or pipe).
 */

/** Decodes CSV bytes; the BOM, if any, is dropped. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (looksUtf16le(bytes)) return new TextDecoder('utf-16le').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** UTF-16LE without BOM: ASCII text has a zero at every odd byte. */
function looksUtf16le(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 512) & ~1;
  if (n < 4) return false;
  let zeros = 0;
  for (let i = 1; i < n; i += 2) if (bytes[i] === 0 && bytes[i - 1] !== 0) zeros++;
  return zeros >= (n / 2) * 0.9;
}

const CANDIDATES = [',', ';', '\t', '|'] as const;

/** Counts of each candidate outside quotes in the first `lines` lines. */
function countsPerLine(text: string, lines: number): Map<string, number[]> {
  const counts = new Map<string, number[]>(CANDIDATES.map((c) => [c, [0]]));
  let quoted = false;
  let line = 0;
  for (let i = 0; i < text.length && line < lines; i++) {
    const ch = text[i] as string;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      for (const list of counts.values()) list.push(0);
    } else if (!quoted && counts.has(ch)) {
      const list = counts.get(ch) as number[];
      list[list.length - 1] = (list[list.length - 1] ?? 0) + 1;
    }
  }
  return counts;
}

/** The delimiter used on the first lines: the candidate present on the header line and most consistently after. */
export function detectDelimiter(text: string): string {
  const counts = countsPerLine(text, 20);
  let best = ',';
  let bestScore = 0;
  for (const candidate of CANDIDATES) {
    const perLine = (counts.get(candidate) ?? []).filter(
      (_, i, all) => i < all.length - 1 || all.length === 1,
    );
    const header = perLine[0] ?? 0;
    if (header === 0) continue;
    // Lines that agree with the header's count weigh most; the header's count breaks ties.
    const agreeing = perLine.filter((n) => n === header).length;
    const score = agreeing * 1000 + header;
    if (score > bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  return best;
}

/**
 * RFC 4180 parsing: quoted fields with doubled quotes and line breaks inside, CRLF / LF / CR line ends.
 * `onProgress` receives the fraction of characters read every ~256 KB.
 */
export function parseCsv(
  text: string,
  delimiter: string,
  onProgress?: (fraction: number) => void,
): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const n = text.length;
  const d = delimiter.charCodeAt(0);
  let nextReport = 262_144;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */ && field === '') {
      // Quoted field.
      let j = i + 1;
      let value = '';
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) {
          value += text.slice(j);
          j = n;
          break;
        }
        value += text.slice(j, q);
        if (text.charCodeAt(q + 1) === 34) {
          value += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
      field = value;
      // Anything between the closing quote and the delimiter is kept, as spreadsheets do.
      i = j;
      while (i < n) {
        const k = text.charCodeAt(i);
        if (k === d || k === 10 || k === 13) break;
        field += text[i];
        i++;
      }
      continue;
    }
    if (c === d) {
      row.push(field);
      field = '';
      i++;
    } else if (c === 10 || c === 13) {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += c === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
      if (onProgress && i >= nextReport) {
        onProgress(i / n);
        nextReport = i + 262_144;
      }
    } else {
      // Plain run up to the next delimiter or line end.
      let j = i + 1;
      while (j < n) {
        const k = text.charCodeAt(j);
        if (k === d || k === 10 || k === 13) break;
        j++;
      }
      field += text.slice(i, j);
      i = j;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
