/** Text of one page, or a function of the page number (from 1) and the page count. */
type PerPage<T> = T | ((page: number, pages: number) => T);

export interface SamplePdfOptions {
  /** Big heading on the coloured band of every page. */
  title: PerPage<string>;
  /** Lines under the heading. */
  lines?: PerPage<readonly string[]>;
  /** Number of pages (default 1). */
  pages?: number;
  /** Size of the body text in points (default 13). */
  textSize?: number;
  /** Adds a last line 'Página N de M' (default true). */
  pageNumbers?: boolean;
  /** Draws a thin frame around the body (default false). */
  frame?: boolean;
  /** The document's Title metadata (default none). */
  documentTitle?: string;
  /** The document's Producer and Creator metadata. */
  producer?: string;
}

/** The bytes of a real PDF showing `title` and `lines` on each of `pages` pages (text kept to Latin-1). */
export function makeSamplePdf(options: SamplePdfOptions): Promise<Uint8Array<ArrayBuffer>>;
