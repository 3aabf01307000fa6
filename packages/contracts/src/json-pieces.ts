/**
 * `JSON.stringify` of a body that carries a very long list (a carga: 100,000 rows, ~45 MB of text), written
 * piece by piece. The server streams such answers and the browser compresses such requests from these pieces,
 * so neither holds the whole text at once nor blocks while writing all of it.
 */

/** Pieces are about this many characters long. */
const JSON_PIECE_CHARS = 64 * 1024;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !('toJSON' in value);
}

/** True when `value` is a plain object one of whose members is a list of more than `minItems` items. */
export function hasLongList(value: unknown, minItems: number): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  for (const key in value) {
    const member = value[key];
    if (Array.isArray(member) && member.length > minItems) return true;
  }
  return false;
}

/**
 * The text of `JSON.stringify(body)` in pieces of about `pieceChars` characters: the members one by one, the
 * items of its lists in batches. Joined, the pieces are exactly `JSON.stringify(body)`.
 */
export function* jsonPieces(body: Record<string, unknown>, pieceChars = JSON_PIECE_CHARS): Generator<string> {
  let out = '{';
  let first = true;
  for (const key of Object.keys(body)) {
    const member = body[key];
    if (Array.isArray(member)) {
      out += `${first ? '' : ','}${JSON.stringify(key)}:[`;
      for (let i = 0; i < member.length; i++) {
        // As JSON.stringify writes a list: undefined, functions and symbols become null.
        out += `${i === 0 ? '' : ','}${JSON.stringify(member[i]) ?? 'null'}`;
        if (out.length >= pieceChars) {
          yield out;
          out = '';
        }
      }
      out += ']';
    } else {
      const text = JSON.stringify(member);
      // As JSON.stringify writes an object: members that are undefined, functions or symbols are left out.
      if (text === undefined) continue;
      out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
    }
    first = false;
  }
  yield `${out}}`;
}
