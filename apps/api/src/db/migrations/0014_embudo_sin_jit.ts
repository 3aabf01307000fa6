import type { Migration } from './index';

/**
 * 0014: the funnel trigger's function (0006) runs without JIT (issue 21 item 2). Its statement reads the
 * transition table, whose row count PostgreSQL knows: for a 1,048,575-row confirmar the estimated cost passed
 * the inlining and optimisation thresholds, and LLVM compiled 85 functions for ~0.95 s (EXPLAIN's "JIT: Timing",
 * PostgreSQL 15) before the statement ran — expressions evaluated once per row, nothing that repays compiling.
 * The plan is the same. 0011's `enable_seqscan = off` stays (ALTER FUNCTION … SET changes only this setting).
 */
export const migration0014: Migration = {
  name: '0014_embudo_sin_jit',
  up: /* sql */ `
ALTER FUNCTION folio_embudo_aplicar() SET jit = off;
`,
};
