// Summarizes a .cpuprofile written by `node --cpu-prof`: self time by package (or by source file
// of the app), the heaviest functions by their own time and by their time with what they call,
// so a profile reads in a terminal.
// Usage: tsx bench/profile-summary.ts file.cpuprofile [rows]
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, rowsArgument] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/profile-summary.ts file.cpuprofile [rows]');
const rows = Number(rowsArgument ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

function where(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  if (url === '') return '(native / idle / gc)';
  const source = url.indexOf('/src/');
  return source >= 0 ? url.slice(source + 1) : url.replace(/^file:\/\/.*\//, '');
}

const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  if (!node) continue;
  const place = where(node.callFrame.url);
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
  const name = `${node.callFrame.functionName || '(anonymous)'}  ${place}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
}
const print = (title: string, entries: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`  ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
};
// Total time: a function's own and its callees', counted once per sample however deep it recurses.
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const byFunctionTotal = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const node = byId.get(at);
    if (!node || node.callFrame.url === '') continue;
    const name = `${node.callFrame.functionName || '(anonymous)'}  ${where(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
    if (seen.has(name)) continue;
    seen.add(name);
    byFunctionTotal.set(name, (byFunctionTotal.get(name) ?? 0) + micros);
  }
}
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print('self time by package or file', byPlace);
print('self time by function', byFunction);
print('total time by function (with what it calls)', byFunctionTotal);
