/**
 * What the citation test checks (docs/product.md §13.1): every "why" in the repository points
 * at something the repository holds. A `§n` must be a section of docs/product.md or
 * docs/style.md, a decision number must have its record, a path named in a doc must exist, and
 * nothing may cite the documents that used to live outside the repository or a tracker.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

export interface Repo {
  /** Section numbers of each citable doc, e.g. `docs/product.md` → {'2', '2.2', …}. */
  sections: Record<string, Set<string>>;
  /** Numbers of the decision records, e.g. '0035'. */
  decisions: Set<string>;
  /** Whether a path relative to the repository's root is a file or folder. */
  exists: (path: string) => boolean;
}

export const CITABLE = ['docs/product.md', 'docs/style.md'] as const;

/** Files written by a build or a run, not tracked, that docs may still name. */
const GENERATED = new Set(['docs/openapi.json']);

/**
 * Applied migrations are never edited, not even their comments: the runner records each file's
 * checksum and refuses a changed one (decision 0065). Their old citations stay as written.
 */
export const exempt = (file: string) => /^gateway\/src\/db\/migrations\/\d{3}_[\w]+\.sql$/.test(file);

// Written in pieces so that this file does not cite what it forbids.
const OLD_DOCS = ['SP' + 'EC', 'DES' + 'IGN', 'STY' + 'LE'].join('|');
const FORBIDDEN: [RegExp, string][] = [
  [new RegExp(String.raw`\b(?:${OLD_DOCS})(?:\.md)?(?:'s)?\s*§`, 'g'), 'cites a document outside the repository'],
  [new RegExp(String.raw`\.\.\/sha` + 'red\\b', 'g'), 'refers to a folder outside the repository'],
  [new RegExp(String.raw`\biss` + String.raw`ues? #?\d+`, 'gi'), 'cites a tracker (say what is meant instead)'],
  [new RegExp(String.raw`\blev` + String.raw`ers? \d+`, 'gi'), 'cites a tracker (name the technique instead)'],
];

const SECTION = /§[ \t]?(\d+(?:\.\d+)*)/g;
const ANCHOR = /docs\/(product|style)\.md|\b(product|style)\.md|\bRFC \d+/g;
const DECISIONS = /\b[Dd]ecisions?\s+(\d{4}(?:(?:,\s*|\s+and\s+|\s+or\s+|\s*[–-]\s*|,?\s+decision\s+)\d{4})*)/g;
const PATH_PREFIX = String.raw`(?:src|gateway|contract|tests|scripts|docs|build|public|\.ci)`;
const DOC_PATH = new RegExp(String.raw`(?<![\w./@-])(${PATH_PREFIX}/[\w./@-]*[\w/])`, 'g');
const MD_LINK = /\]\(([^)\s]+)\)/g;

/** The repository as the check sees it, read from `root`. */
export function readRepo(root: string): Repo {
  const sections: Record<string, Set<string>> = {};
  for (const doc of CITABLE) {
    const text = existsSync(join(root, doc)) ? readFileSync(join(root, doc), 'utf8') : '';
    sections[doc] = new Set([...text.matchAll(/^#{1,4} §(\d+(?:\.\d+)*)\s/gm)].map((m) => m[1]!));
  }
  const decisions = new Set(
    readdirSync(join(root, 'docs/decisions'))
      .map((f) => /^(\d{4})-.*\.md$/.exec(f)?.[1])
      .filter((n): n is string => Boolean(n)),
  );
  return { sections, decisions, exists: (p) => GENERATED.has(p) || existsSync(join(root, p)) };
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Every problem in one file's text, as `file:line: what`. */
export function checkText(file: string, text: string, repo: Repo): string[] {
  const problems: string[] = [];
  if (exempt(file)) return problems;
  const report = (index: number, what: string) => problems.push(`${file}:${lineOf(text, index)}: ${what}`);

  for (const [re, what] of FORBIDDEN) {
    for (const m of text.matchAll(re)) report(m.index, `"${m[0]}" ${what}`);
  }

  // A §n belongs to the nearest docs/product.md or docs/style.md before it in the same paragraph
  // (a list such as "docs/product.md §3, §7" or "§4.7: …; §3"); inside those docs, to the doc itself.
  const anchors = [...text.matchAll(ANCHOR)].map((a) => ({
    at: a.index,
    doc: (a[1] ?? a[2]) ? `docs/${a[1] ?? a[2]}.md` : null,
  }));
  const own = (CITABLE as readonly string[]).includes(file) ? file : null;
  for (const m of text.matchAll(SECTION)) {
    const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
    if (own && /^#{1,4} $/.test(text.slice(lineStart, m.index))) continue; // the heading itself
    const anchor = anchors.filter((a) => a.at < m.index && m.index - a.at < 400).pop();
    const paragraphBreak = anchor && /\n[ \t]*(?:\*|\/\/|#|--)?[ \t]*\n/.test(text.slice(anchor.at, m.index));
    const doc = anchor && !paragraphBreak ? anchor.doc : own;
    if (anchor && !paragraphBreak && anchor.doc === null) continue; // an RFC's section
    if (!doc) {
      report(m.index, `"${m[0]}" names no document: write docs/product.md ${m[0]} or docs/style.md ${m[0]}`);
    } else if (!repo.sections[doc]?.has(m[1]!)) {
      report(m.index, `${doc} has no ${m[0]}`);
    }
  }

  for (const m of text.matchAll(DECISIONS)) {
    for (const n of m[1]!.match(/\d{4}/g) ?? []) {
      if (!repo.decisions.has(n)) report(m.index, `decision ${n} has no record in docs/decisions/`);
    }
  }

  if (file.endsWith('.md')) {
    for (const m of text.matchAll(DOC_PATH)) {
      const path = m[1]!.replace(/\/$/, '');
      if (/NNN|\.\.\.|…/.test(path) || path.startsWith('docs/decisions/NNNN')) continue;
      const next = text[m.index + m[0].length];
      if (next === '*' || next === '<' || next === '{' || next === '$') continue; // a pattern, not a path
      if (!repo.exists(path)) report(m.index, `${path} is not a file or folder of the repository`);
    }
    for (const m of text.matchAll(MD_LINK)) {
      const target = m[1]!.split('#')[0]!;
      if (!target || /^[a-z]+:/i.test(target)) continue;
      const path = normalize(join(dirname(file), target));
      if (!repo.exists(path)) report(m.index, `the link ${m[1]} leads to no file`);
    }
  }
  return problems;
}
