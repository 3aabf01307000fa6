/**
 * JSON too big to hold as one string (a carga: 100,000 rows, ~45 MB of text): answers written piece by piece,
 * and request bodies whose lists are parsed item by item as the bytes arrive. Both give exactly what
 * `JSON.stringify` / Fastify's JSON body parser give; only the peak memory differs.
 */
import { Readable } from 'node:stream';
import { hasLongList, jsonPieces } from '@socio/contracts';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';

/** An answer is streamed when one of its top-level lists has more items than this. */
export const STREAM_FROM_ITEMS = 10_000;

/**
 * The JSON text of an answer: a string, or — for an answer carrying a list of more than `STREAM_FROM_ITEMS`
 * items (process_carga's rows) — a stream of the same text, so the whole text and its bytes are never held.
 */
export function jsonAnswer(answer: unknown): string | Readable {
  if (!hasLongList(answer, STREAM_FROM_ITEMS)) return JSON.stringify(answer);
  return Readable.from(jsonPieces(answer), { objectMode: false });
}

/* ----------------------------------------------------------------------------
 * Request bodies: the lists of a JSON object parsed item by item.
 * -------------------------------------------------------------------------- */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/** UTF-8 byte order mark: skipped at the very start of a body (as Fastify's JSON parser does). */
const BOM = [0xef, 0xbb, 0xbf];
const BLANK = /^[ \t\n\r]*$/;

function isJsonSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Takes the items of one list member of a body as they are parsed, instead of the body holding them all (a
 * carga's rows staged while its body arrives): the list keeps what `item` answers in each item's place.
 */
export interface ListConsumer {
  /** A list of the member begins; when the member is repeated, the earlier list's items no longer count. */
  start(): void;
  /** One item, in order; answers what the parsed list keeps in its place. */
  item(value: unknown): unknown;
  /** Resolves when the consumer takes more items: the body is not read on meanwhile. */
  drained(): Promise<void>;
}

/** A list holding an item `parse` refused although it is valid JSON. */
class Refusal {
  constructor(readonly error: unknown) {}
}

/** Where the splitter is: before the top-level value, among its members, inside a list member, past it. */
type Mode = 'before' | 'members' | 'list' | 'rest';
/** What comes next among the top-level members. */
type Next = 'key' | 'colon' | 'value' | 'after-value';

/**
 * Parses a JSON body as its bytes arrive, to exactly what parsing the whole text gives (or the same error),
 * without ever holding the whole text: when the body is an object, each list that is one of its members is
 * cut into its items at the commas of its own level and each item is parsed (`parse`) as soon as it is
 * complete; the rest of the body — the "skeleton", the object with those lists left empty — is parsed at the
 * end and the lists are put back in their places.
 *
 * Why it is exact: every byte ends in exactly one piece parsed by `parse` (the skeleton or one item), so the
 * body is valid JSON exactly when every piece is; a member repeated keeps its last value, as in `JSON.parse`;
 * and `parse`'s own checks (Fastify's prototype-poisoning guard) see every object of the body.
 */
export class JsonBodySplitter {
  private mode: Mode = 'before';
  private next: Next = 'key';
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** Bytes seen before the current chunk. */
  private offset = 0;
  private readonly skeleton: Buffer[] = [];
  /** Raw bytes of the member name being read (null when not reading one) and the last name read. */
  private keyParts: Buffer[] | null = null;
  private key: string | null = null;
  /** Bytes of the current list item carried over from earlier chunks. */
  private itemParts: Buffer[] = [];
  private list: unknown[] = [];
  /** Why `parse` refused valid JSON in the current list (prototype poisoning): an error if the list is kept. */
  private refusal: Refusal | null = null;
  /** The lists parsed item by item, by member name (only those that are the member's last value). */
  private readonly lists = new Map<string, unknown[] | Refusal>();
  /** The body is not valid JSON: the error of `parse`. */
  private error: unknown = null;

  /** The consumer of the current list, when its member has one. */
  private consumer: ListConsumer | undefined;

  /**
   * `parse`: one piece of JSON text to its value; throws when it is not valid (Fastify's JSON parser).
   * `consumers`: by member name, who takes that member's list items as they are parsed (`ListConsumer`).
   */
  constructor(
    private readonly parse: (text: string) => unknown,
    private readonly consumers: Readonly<Record<string, ListConsumer>> = {},
  ) {}

  /** Resolves when every consumer takes more items (at once when there is none). */
  drained(): Promise<unknown> {
    const waits = Object.values(this.consumers).map((consumer) => consumer.drained());
    return waits.length === 1 ? waits[0]! : Promise.all(waits);
  }

  /** Feeds the next bytes of the body. After a parse error the rest is ignored (`end` throws it). */
  write(chunk: Buffer): void {
    if (this.error !== null) return;
    let skeletonFrom = this.mode === 'list' ? -1 : 0;
    let itemFrom = this.mode === 'list' ? 0 : -1;
    let keyFrom = this.keyParts === null ? -1 : 0;
    for (let i = 0; i < chunk.length; i++) {
      if (this.inString) {
        const end = this.stringEnd(chunk, i);
        if (end === -1) break;
        i = end;
        this.inString = false;
        if (keyFrom !== -1) {
          this.endKey(chunk.subarray(keyFrom, i));
          keyFrom = -1;
        }
        continue;
      }
      const byte = chunk[i]!;
      if (this.mode === 'list') {
        if (byte === QUOTE) this.inString = true;
        else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.depth++;
        else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
          if (--this.depth === 1) {
            // The list's end: its closing byte goes back to the skeleton (a '}' there makes it invalid).
            this.endItem(chunk, itemFrom, i, true);
            itemFrom = -1;
            skeletonFrom = i;
            this.mode = 'members';
            this.next = 'after-value';
            this.lists.set(this.key!, this.refusal ?? this.list);
            this.list = [];
            this.refusal = null;
          }
        } else if (byte === COMMA && this.depth === 2) {
          this.endItem(chunk, itemFrom, i, false);
          itemFrom = i + 1;
        }
        if (this.error !== null) return;
        continue;
      }
      if (this.mode === 'rest') break;
      if (this.mode === 'before') {
        if (byte === OPEN_BRACE) {
          this.mode = 'members';
          this.depth = 1;
        } else if (!isJsonSpace(byte) && !(this.offset + i < BOM.length && byte === BOM[this.offset + i])) {
          this.mode = 'rest';
        }
        continue;
      }
      // Among the top-level members: only what happens at depth 1 matters.
      const top = this.depth === 1;
      if (byte === QUOTE) {
        this.inString = true;
        if (top && this.next === 'key') {
          keyFrom = i + 1;
          this.keyParts = [];
          this.key = null;
        } else if (top && this.next === 'value') this.startValue();
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        if (top && this.next === 'value') {
          if (byte === OPEN_BRACKET && this.key !== null) {
            this.skeleton.push(Buffer.from(chunk.subarray(skeletonFrom, i + 1)));
            skeletonFrom = -1;
            itemFrom = i + 1;
            this.mode = 'list';
            this.depth = 2;
            this.consumer = Object.hasOwn(this.consumers, this.key) ? this.consumers[this.key] : undefined;
            this.consumer?.start();
            continue;
          }
          this.startValue();
        }
        this.depth++;
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        if (--this.depth === 0) this.mode = 'rest';
      } else if (top) {
        if (byte === COMMA) this.next = 'key';
        else if (byte === COLON && this.next === 'colon') this.next = 'value';
        else if (this.next === 'value' && !isJsonSpace(byte)) this.startValue();
      }
    }
    // Copies: a view would keep the whole chunk alive.
    if (keyFrom !== -1) this.keyParts!.push(Buffer.from(chunk.subarray(keyFrom)));
    if (itemFrom !== -1) this.itemParts.push(Buffer.from(chunk.subarray(itemFrom)));
    if (skeletonFrom !== -1) this.skeleton.push(Buffer.from(chunk.subarray(skeletonFrom)));
    this.offset += chunk.length;
  }

  /** The parsed body once every byte was written; throws what `parse` threw. */
  end(): unknown {
    if (this.error !== null) throw this.error;
    const body = this.parse(Buffer.concat(this.skeleton).toString('utf8'));
    this.skeleton.length = 0;
    for (const [key, list] of this.lists) {
      if (list instanceof Refusal) throw list.error;
      (body as Record<string, unknown>)[key] = list;
    }
    return body;
  }

  /**
   * Inside a string from `from`: the index of the quote that closes it, or -1 when the chunk ends first
   * (`escaped` then says whether the chunk's last byte escapes the next one). Most of a body is strings:
   * they are skipped quote to quote, a quote closing the string when an even run of backslashes precedes it.
   */
  private stringEnd(chunk: Buffer, from: number): number {
    let i = from;
    if (this.escaped) {
      this.escaped = false;
      i++;
    }
    for (;;) {
      const quote = chunk.indexOf(QUOTE, i);
      const stop = quote === -1 ? chunk.length : quote;
      let backslashes = 0;
      while (stop - backslashes - 1 >= i && chunk[stop - backslashes - 1] === BACKSLASH) backslashes++;
      if (quote === -1) {
        this.escaped = backslashes % 2 === 1;
        return -1;
      }
      if (backslashes % 2 === 0) return quote;
      i = quote + 1;
    }
  }

  private endKey(last: Buffer): void {
    const raw = Buffer.concat([...this.keyParts!, last]).toString('utf8');
    this.keyParts = null;
    this.next = 'colon';
    try {
      this.key = JSON.parse(`"${raw}"`) as string;
    } catch {
      // Not a valid name: the skeleton will not parse; meanwhile its value is not cut into items.
      this.key = null;
    }
  }

  /** A member's value that is not a list: it stays in the skeleton (and replaces an earlier list). */
  private startValue(): void {
    this.next = 'after-value';
    if (this.key !== null) this.lists.delete(this.key);
  }

  private endItem(chunk: Buffer, from: number, to: number, closing: boolean): void {
    const text =
      this.itemParts.length === 0
        ? chunk.toString('utf8', from, to)
        : Buffer.concat([...this.itemParts, chunk.subarray(from, to)]).toString('utf8');
    this.itemParts = [];
    if (closing && this.list.length === 0 && BLANK.test(text)) return;
    // `parse` treats the start of its text as the start of a body: nothing there is an "empty body" error, a
    // byte order mark there is skipped. Inside a body neither applies: after a space both are plain errors.
    const item = text.length === 0 || text.charCodeAt(0) === 0xfeff ? ` ${text}` : text;
    try {
      const value = this.parse(item);
      if (this.refusal === null) this.list.push(this.consumer ? this.consumer.item(value) : value);
    } catch (error) {
      if (!isValidJson(item)) this.error = error;
      else {
        // Valid JSON that `parse` refuses (a "__proto__" member): it only matters if this list is kept, as
        // parsing the whole body only checks the objects that end in its value (a repeated member's last).
        this.refusal ??= new Refusal(error);
        this.list = [];
      }
    }
  }
}

/** Fastify's JSON parser (its errors, its prototype-poisoning checks) as `text → value`, throwing its error. */
function fastifyJsonParse(app: FastifyInstance): (text: string) => unknown {
  const parser = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  ) as (request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => void;
  return (text) => {
    let failure: Error | null = null;
    let value: unknown;
    parser(null, text, (error, parsed) => {
      failure = error;
      value = parsed;
    });
    if (failure !== null) throw failure;
    return value;
  };
}

/**
 * Bodies of fewer bytes than this (decompressed), on routes without list consumers, are parsed whole at their end
 * with Fastify's parser, as Fastify itself would: one JSON.parse of a wizard's 5,000-row process_carga batch
 * (~2 MB) instead of a scan of its bytes in JavaScript and 5,000 pieces decoded and parsed one by one (those were
 * a fifth of process_carga's server CPU, and much of its garbage). Bigger bodies are cut as they arrive.
 */
export const PARSE_WHOLE_BELOW_BYTES = 4 * 1024 * 1024;

/**
 * The JSON bodies of `scope`'s routes are parsed as they arrive (`JsonBodySplitter`): a 100,000-row carga is
 * never held as bytes and text besides its rows, and one chunk is parsed per turn of the event loop (other
 * requests are answered while a big body arrives). Everything else is as Fastify's own JSON body reader does it
 * (its raw-body reader is mirrored here): the route's body limit counts the decompressed bytes (413), a
 * Content-Length that does not match is a 400, a broken stream a 400, an empty or invalid body its JSON error.
 * Without `consumersOf`, a body shorter than `wholeBelowBytes` (`PARSE_WHOLE_BELOW_BYTES`) is held and parsed
 * whole once it ended (the same value or error: the splitter's are those of parsing the whole body).
 */
export function parseJsonBodiesAsTheyArrive(
  scope: FastifyInstance,
  consumersOf?: (request: FastifyRequest) => Record<string, ListConsumer>,
  { wholeBelowBytes = PARSE_WHOLE_BELOW_BYTES }: { wholeBelowBytes?: number } = {},
): void {
  const parse = fastifyJsonParse(scope);
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', (request, raw, done) => {
    const limit = request.routeOptions.bodyLimit;
    const contentLength = Number(request.headers['content-length']);
    if (contentLength > limit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      return;
    }
    // The request, or the decompressing stream @fastify/compress put in front of it (which counts the bytes
    // it read in `receivedEncodedLength`).
    const payload = raw as unknown as Readable & { receivedEncodedLength?: number };
    const consumers = consumersOf?.(request);
    // Chunks held while the body may still be parsed whole; null once it is cut as it arrives.
    let held: Buffer[] | null = consumers === undefined ? [] : null;
    let splitter: JsonBodySplitter | null = held === null ? new JsonBodySplitter(parse, consumers) : null;
    let received = 0;
    const stop = () => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onEnd);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit || (payload.receivedEncodedLength ?? 0) > limit) {
        stop();
        done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
        return;
      }
      if (held !== null) {
        held.push(bytes);
        if (received < wholeBelowBytes) return;
        splitter = new JsonBodySplitter(parse);
        for (const piece of held) splitter.write(piece);
        held = null;
      } else splitter!.write(bytes);
      // One chunk per turn of the event loop: a fast client's 45 MB would otherwise be read and parsed in
      // bursts of many chunks (libuv reads on while data is there), holding every other request meanwhile.
      // Not before the lists' consumers take more items (a carga's rows staged as they arrive).
      payload.pause();
      splitter!.drained().then(() => setImmediate(() => payload.resume()));
    }
    function onEnd(error?: Error & { statusCode?: number }) {
      stop();
      if (error != null) {
        if (!(typeof error.statusCode === 'number' && error.statusCode >= 400)) error.statusCode = 400;
        done(error, undefined);
        return;
      }
      if (!Number.isNaN(contentLength) && (payload.receivedEncodedLength || received) !== contentLength) {
        done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(), undefined);
        return;
      }
      let body: unknown;
      try {
        // Fastify's own reading of a body: its bytes as UTF-8 text, parsed by its JSON parser.
        body = held !== null ? parse(Buffer.concat(held).toString('utf8')) : splitter!.end();
        held = null;
      } catch (error) {
        done(error as Error, undefined);
        return;
      }
      done(null, body);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onEnd);
    payload.resume();
  });
}
