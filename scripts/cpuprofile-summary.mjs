#!/usr/bin/env node
// Summary of a V8 .cpuprofile (node --cpu-prof, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
// for the bench:api server): self time by function and by file, and with --callers=<name> the call stacks
// that name's self time is spent under (GC shows as "(garbage collector)", native writes as "writev").
//
//   node scripts/cpuprofile-summary.mjs <file.cpuprofile> [--top=40] [--callers=<function name>]
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const option = (name, fallback) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
if (!file) {
  console.error(
    'uso: node scripts/cpuprofile-summary.mjs <archivo.cpuprofile> [--top=40] [--callers=<función>]',
  );
  process.exit(2);
}
const top = Number(option('top', '40'));
const callersOf = option('callers', null);

const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);

/** Microseconds of samples whose top frame is each node. */
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}

const shortUrl = (url) => url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, 'nm/');
const frameName = (cf) =>
  `${cf.functionName || '(anónima)'} ${cf.url ? `${shortUrl(cf.url).split('/').pop()}:${cf.lineNumber + 1}` : ''}`;

let total = 0;
const byFunction = new Map();
const byFile = new Map();
for (const [id, us] of self) {
  const cf = nodes.get(id).callFrame;
  total += us;
  const fn = frameName(cf);
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const where = cf.url ? shortUrl(cf.url) : `(${cf.functionName})`;
  byFile.set(where, (byFile.get(where) ?? 0) + us);
}

const ms = (us) => `${(us / 1000).toFixed(1).padStart(9)} ms`;
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
function print(title, map) {
  console.info(`\n== ${title} (total ${(total / 1000).toFixed(0)} ms)`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.info(`${ms(us)} ${pct(us)}  ${key}`);
}

if (callersOf === null) {
  print('tiempo propio por función', byFunction);
  print('tiempo propio por archivo', byFile);
} else {
  const stacks = new Map();
  for (const [id, us] of self) {
    if (nodes.get(id).callFrame.functionName !== callersOf) continue;
    const frames = [];
    for (let at = parent.get(id); at !== undefined && frames.length < 12; at = parent.get(at))
      frames.push(frameName(nodes.get(at).callFrame).trim());
    const key = frames.join(' < ');
    stacks.set(key, (stacks.get(key) ?? 0) + us);
  }
  print(`pilas bajo ${callersOf}`, stacks);
}
