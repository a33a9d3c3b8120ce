#!/usr/bin/env node
// docs/decisions/README.md, made from the decisions themselves (issue 27 §6): every decision by
// topic, with its status. The topics are docs/ARCHITECTURE.md's sections that name decisions in
// their heading ("### Automation (issue 12; decisions 0160–0199)"); a decision no heading names
// goes under the first issue its text names, else under "Foundations". A decision is superseded
// when its own text says "superseded … by NNNN" or a later one says it "supersedes … NNNN".
// server/test/lint/decisions-index.test.ts fails when the committed index is not this.
//
//   node scripts/decisions-index.mjs           print the index
//   node scripts/decisions-index.mjs --write   write docs/decisions/README.md
//   node scripts/decisions-index.mjs --check   exit 1 when it differs (--dir <folder>: another folder)
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dirArg = process.argv.indexOf('--dir');
const DIR = dirArg > 0 ? process.argv[dirArg + 1] : join(root, 'docs/decisions');
const INDEX = join(DIR, 'README.md');

/** "0091, 0092, 0100–0143" → [91, 92, 100, …, 143]. */
const numbersIn = (text) =>
  [...text.matchAll(/(\d{4})(?:\s*[–-]\s*(\d{4}))?/g)].flatMap((m) => {
    const a = Number(m[1]);
    const b = m[2] ? Number(m[2]) : a;
    return Array.from({ length: Math.max(0, b - a) + 1 }, (_, i) => a + i);
  });

/** Topic per decision number, from ARCHITECTURE.md's headings, in the file's order. */
const topicsFromArchitecture = () => {
  const topics = new Map();
  for (const m of readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8').matchAll(/^#{2,3} (.+?) \(([^)]*decisions? [^)]*)\)\s*$/gm)) {
    const name = m[1].replace(/`/g, '').trim();
    const cited = m[2].slice(m[2].search(/decisions? /));
    for (const n of numbersIn(cited)) if (!topics.has(n)) topics.set(n, name);
  }
  return topics;
};

export const decisionsIndex = () => {
  const files = readdirSync(DIR).filter((f) => /^\d{4}-.*\.md$/.test(f)).sort();
  const decisions = files.map((file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    const number = Number(file.slice(0, 4));
    const title = (/^# \d{4}\s*[—–-]\s*(.+)$/m.exec(text)?.[1] ?? file.slice(5, -3).replace(/-/g, ' ')).trim();
    const issue = /\bissue (\d+)\b/i.exec(text)?.[1];
    return { file, number, title, text, issue };
  });
  // number → { by, partly }: "superseded in its last point by 0152" is a part of it, not all.
  const supersededBy = new Map();
  const partly = (phrase) => /\b(point|part|partly|section)\b/i.test(phrase);
  for (const d of decisions) {
    for (const m of d.text.matchAll(/\bsuperseded\b[^.]*?\bby (\d{4})\b/gi)) supersededBy.set(d.number, { by: Number(m[1]), partly: partly(m[0]) });
    for (const m of d.text.matchAll(/\bsupersedes\b[^.]*?\b(\d{4})\b/gi)) if (Number(m[1]) !== d.number) supersededBy.set(Number(m[1]), { by: d.number, partly: partly(m[0]) });
  }
  const topics = topicsFromArchitecture();
  const groups = new Map();
  for (const d of decisions) {
    const topic = topics.get(d.number) ?? (d.issue ? `Issue ${d.issue}` : 'Foundations');
    groups.set(topic, [...(groups.get(topic) ?? []), d]);
  }
  // Topics in the order of their first decision.
  const ordered = [...groups].sort(([, a], [, b]) => a[0].number - b[0].number);
  const pad = (n) => String(n).padStart(4, '0');
  const lines = [
    '# Decisions',
    '',
    `${decisions.length} decisions, one short file each. Made by \`node scripts/decisions-index.mjs --write\` (do not edit):`,
    'topics are the sections of `docs/ARCHITECTURE.md` that name decisions in their heading, else the first',
    'issue a decision names. A decision is "superseded" when it or a later one says so ("superseded … by N",',
    '"supersedes … N"; "partly" when the phrase names a point or part of it); the rest are active.',
  ];
  for (const [topic, list] of ordered) {
    lines.push('', `## ${topic}`, '', '| decision | status |', '| --- | --- |');
    for (const d of list) {
      const s = supersededBy.get(d.number);
      const status = s ? `${s.partly ? 'partly superseded' : 'superseded'} by [${pad(s.by)}](${files.find((f) => f.startsWith(pad(s.by))) ?? ''})` : 'active';
      lines.push(`| [${pad(d.number)} — ${d.title.replace(/\|/g, '\\|')}](${d.file}) | ${status} |`);
    }
  }
  return `${lines.join('\n')}\n`;
};

/** Numbers two files share: two sessions each took the next free one (0370, once). */
export const duplicateNumbers = () => {
  const seen = new Map();
  for (const f of readdirSync(DIR).filter((f) => /^\d{4}-.*\.md$/.test(f))) seen.set(f.slice(0, 4), [...(seen.get(f.slice(0, 4)) ?? []), f]);
  return [...seen.values()].filter((files) => files.length > 1);
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // A number names one decision: "decision 0370" in a comment must lead to one file.
  const twice = duplicateNumbers();
  if (twice.length > 0) {
    for (const files of twice) console.error(`[decisions-index] one number, ${files.length} decisions: ${files.join(', ')} — give the newer the next free number`);
    process.exit(1);
  }
  const index = decisionsIndex();
  if (process.argv.includes('--write')) {
    writeFileSync(INDEX, index);
    console.log(`[decisions-index] ${relative(root, INDEX)} written`);
  } else if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(INDEX, 'utf8');
    } catch {
      // missing: differs
    }
    if (current !== index) {
      console.error(`[decisions-index] ${relative(root, INDEX)} is not the decisions': run node scripts/decisions-index.mjs --write`);
      process.exit(1);
    }
    console.log('[decisions-index] up to date');
  } else {
    process.stdout.write(index);
  }
}
