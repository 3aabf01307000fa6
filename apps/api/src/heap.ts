/**
 * The server's V8 heap kept small (issue 22.7: RSS ≤ 300 MB while a 100,000-row carga is saved) without making
 * the collector the carga's bottleneck (issue 21 item 2). Imported first by main.ts, before anything is
 * allocated: every way of starting the API (`npm start`, bootstrap, the benches) runs the bundle, and
 * `node dist/main.js` takes no flags.
 *
 * A carga's rows are short-lived garbage by the hundred MB (parsed, checked, staged, dropped). With V8's default
 * growth the old generation grew up to 4× past its live set before a full collection: the heap held 170–250 MB
 * of dead rows, and bench (a) on PostgreSQL peaked at 325 MB. `--optimize-for-size` (before) kept it at 167 MB
 * but collected the whole heap every ~100 ms while rows arrived ("Mark-Compact (reduce)", 41 of them in one
 * 100,000-row process step): 1.7 s of the server's 5.1 s of CPU, the process step 5.1 s in the browser.
 * `--heap-growing-percent=100` caps the growth at 2× the live set instead: the same process step took 3.0–3.6 s
 * with the server's RSS at 225–240 MB (bench:import, 100,000 rows, PostgreSQL; 20 %: 3.5–4.6 s, 196–219 MB), and
 * bench (a)'s peaks during a save are 208 and 271 MB (one body, 1st and 2nd carga), 169 and 179 MB (lote).
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--heap-growing-percent=100');
