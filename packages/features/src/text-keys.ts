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

/** Texts with the same hash: one text (the usual case, no extra object) or the few that collide. */
type Bucket<T> = T | T[];

/** A map from texts to values, with `Map`'s answers for string keys (no string of a key is internalized). */
export class TextMap<V> {
  private readonly buckets = new Map<number, Bucket<{ text: string; value: V }>>();
  private count = 0;

  constructor(private readonly hash: (text: string) => number = textHash) {}

  get size(): number {
    return this.count;
  }

  get(text: string): V | undefined {
    return this.find(text)?.value;
  }

  has(text: string): boolean {
    return this.find(text) !== undefined;
  }

  set(text: string, value: V): this {
    const found = this.find(text);
    if (found !== undefined) {
      found.value = value;
      return this;
    }
    const key = this.hash(text);
    const bucket = this.buckets.get(key);
    const entry = { text, value };
    if (bucket === undefined) this.buckets.set(key, entry);
    else if (Array.isArray(bucket)) bucket.push(entry);
    else this.buckets.set(key, [bucket, entry]);
    this.count++;
    return this;
  }

  private find(text: string): { text: string; value: V } | undefined {
    const bucket = this.buckets.get(this.hash(text));
    if (bucket === undefined) return undefined;
    if (!Array.isArray(bucket)) return bucket.text === text ? bucket : undefined;
    return bucket.find((entry) => entry.text === text);
  }
}

/** A set of texts, with `Set`'s answers for strings (no string is internalized); one string per text held. */
export class TextSet {
  private readonly buckets = new Map<number, Bucket<string>>();
  private count = 0;

  constructor(
    texts: Iterable<string> = [],
    private readonly hash: (text: string) => number = textHash,
  ) {
    for (const text of texts) this.add(text);
  }

  get size(): number {
    return this.count;
  }

  has(text: string): boolean {
    const bucket = this.buckets.get(this.hash(text));
    if (bucket === undefined) return false;
    return Array.isArray(bucket) ? bucket.includes(text) : bucket === text;
  }

  /** Adds `text`; whether it was not there yet (a folio seen for the first time). */
  add(text: string): boolean {
    const key = this.hash(text);
    const bucket = this.buckets.get(key);
    if (bucket === undefined) this.buckets.set(key, text);
    else if (Array.isArray(bucket)) {
      if (bucket.includes(text)) return false;
      bucket.push(text);
    } else {
      if (bucket === text) return false;
      this.buckets.set(key, [bucket, text]);
    }
    this.count++;
    return true;
  }
}
