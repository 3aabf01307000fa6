import type { Migration } from './index';

/**
 * 0009: report PDFs stored in parts of 256 KB (issue 22). A whole PDF in one `bytea` value moved up to 20 MB in
 * one query: on PGlite (in this process) that held the event loop for seconds on every upload and view. Now no
 * query moves more than one part, and several API servers on one PostgreSQL share the PDFs (no files on disk).
 *
 * - `pdfs`: one row per stored file; `creado` dates a file whose upload never became a report (the server
 *   deletes such leftovers, see `deleteStalePdfs`).
 * - `pdf_partes` (id_pdf, n, datos): the bytes from n·256 KiB, in order; every part but the last is full.
 * - `reportes.id_pdf` replaces `reportes.pdf`: existing PDFs are cut into parts here, each report keeping its
 *   id as its file's id (the sequence then starts after the highest one).
 */
export const migration0009: Migration = {
  name: '0009_pdf_partes',
  up: `
    CREATE TABLE pdfs (
      id_pdf serial PRIMARY KEY,
      creado timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE pdf_partes (
      id_pdf integer NOT NULL REFERENCES pdfs (id_pdf) ON DELETE CASCADE,
      n integer NOT NULL CHECK (n >= 0),
      datos bytea NOT NULL,
      PRIMARY KEY (id_pdf, n)
    );

    INSERT INTO pdfs (id_pdf, creado) SELECT id_reporte, created_at FROM reportes;
    SELECT setval(pg_get_serial_sequence('pdfs', 'id_pdf'), coalesce(max(id_pdf), 0) + 1, false) FROM pdfs;
    INSERT INTO pdf_partes (id_pdf, n, datos)
      SELECT r.id_reporte, g.n, substring(r.pdf FROM g.n * 262144 + 1 FOR 262144)
      FROM reportes r,
        generate_series(0, (octet_length(r.pdf) + 262143) / 262144 - 1) AS g (n);

    ALTER TABLE reportes ADD COLUMN id_pdf integer REFERENCES pdfs (id_pdf);
    UPDATE reportes SET id_pdf = id_reporte, pdf_bytes = octet_length(pdf);
    ALTER TABLE reportes ALTER COLUMN id_pdf SET NOT NULL, DROP COLUMN pdf;
    CREATE UNIQUE INDEX reportes_id_pdf ON reportes (id_pdf);
  `,
};
