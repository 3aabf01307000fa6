/**
 * Sets and maps of texts a file holds once per row (folios), keyed by a hash of each text's characters — a
 * small integer — instead of by the strings themselves.
 *
 * Why: Chromium's V8 internalizes every string a Map or a Set is asked about, `has` and `get` included (20,000
 * folios passed to `Set.prototype.has` once: 20,000 more strings in the page's string table), and a major
 * collection walks that table in its atomic pause. The wizard's check of folios repeated in a file made the
 * table hold every folio of the file for as long as the rows lived: at 100,000 rows, 172,816 internalized strings
 * (100,000 of them folios) and a 130 ms pause, 51 ms of it updating the roots and 24 ms clearing the table (a
 * blank page: 0.1 ms each). Integer keys are not strings: nothing is internalized.
 */

/** A 30-bit FNV-1a hash of `text`'s UTF-16 code units: a small integer (a Smi) on every V8, never a new number. */
export function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 2;
}

/**
 * Entries keyed by a text, in buckets by the text's hash: one entry per bucket (the usual case, no array) or the few
 * whose texts collide. `textOf` reads an entry's text (the entry itself, for a set of texts).
 */
class TextBuckets<E> {
  private readonly buckets = new Map<number, E | E[]>();
  size = 0;

  constructor(
    private readonly textOf: (entry: E) => string,
    private readonly hash: (text: string) => number,
  ) {}

  /** The entry of `text`, or, when there is none, `entry` added as it (answers undefined then). */
  findOrAdd(text: string, entry?: E): E | undefined {
    const key = this.hash(text);
    const bucket = this.buckets.get(key);
    if (bucket !== undefined) {
      if (!Array.isArray(bucket)) {
        if (this.textOf(bucket) === text) return bucket;
      } else {
        const found = bucket.find((e) => this.textOf(e) === text);
        if (found !== undefined) return found;
      }
    }
    if (entry === undefined) return undefined;
    if (bucket === undefined) this.buckets.set(key, entry);
    else if (Array.isArray(bucket)) bucket.push(entry);
    else this.buckets.set(key, [bucket, entry]);
    this.size++;
    return undefined;
  }
}

/** A map from texts to values, with `Map`'s answers for string keys (no string of a key is internalized). */
export class TextMap<V> {
  private readonly entries: TextBuckets<{ text: string; value: V }>;

  constructor(hash: (text: string) => number = textHash) {
    this.entries = new TextBuckets((entry) => entry.text, hash);
  }

  get size(): number {
    return this.entries.size;
  }

  get(text: string): V | undefined {
    return this.entries.findOrAdd(text)?.value;
  }

  has(text: string): boolean {
    return this.entries.findOrAdd(text) !== undefined;
  }

  set(text: string, value: V): this {
    const found = this.entries.findOrAdd(text, { text, value });
    if (found !== undefined) found.value = value;
    return this;
  }
}

/** A set of texts, with `Set`'s answers for strings (no string is internalized); one string per text held. */
export class TextSet {
  private readonly texts: TextBuckets<string>;

  constructor(texts: Iterable<string> = [], hash: (text: string) => number = textHash) {
    this.texts = new TextBuckets((text) => text, hash);
    for (const text of texts) this.add(text);
  }

  get size(): number {
    return this.texts.size;
  }

  has(text: string): boolean {
    return this.texts.findOrAdd(text) !== undefined;
  }

  /** Adds `text`; whether it was not there yet (a folio seen for the first time). */
  add(text: string): boolean {
    return this.texts.findOrAdd(text, text) === undefined;
  }
}
