import { PLAIN_WORDS_ROUTES, pageReadability, mainCopy } from '/work/wt9b/scripts/readability.ts';
for (const r of PLAIN_WORDS_ROUTES) { const x = pageReadability(r); console.log(r.padEnd(34), x.grade, x.words, x.sentences); }
