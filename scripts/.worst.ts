import { readFileSync } from 'node:fs';
import { mainCopy, readability } from './readability.ts';
const route = process.argv[2]!;
const file = route === '/' ? 'dist/index.html' : `dist${route}/index.html`;
const blocks = mainCopy(readFileSync(file, 'utf8'));
const scored = blocks.map((b) => ({ b, ...readability([b]) })).sort((x, y) => y.grade - x.grade);
for (const s of scored.slice(0, Number(process.argv[3] ?? 12))) console.log(s.grade.toFixed(1), s.words, '|', s.b);
