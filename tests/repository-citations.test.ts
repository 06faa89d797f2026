import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

/*
 * The repository explains itself: what a comment, test or document cites must be in a clone. The
 * product's rules are in docs/product.md, the reasons in the ADRs of docs/decisions/, the speed
 * mechanisms in docs/performance.md; the notes the product was first specified in are not in a clone,
 * so a citation of them sends the reader nowhere. Migrations are history and keep their words.
 */
const runsHere = inject('dbKind') === 'pglite';
const root = path.resolve('.');

const MISSING_NOTES = /\b(?:SPEC|DECISIONS|STYLE)\.md\b|\bSPEC\b|\bDECISIONS\b/;

const SKIPPED = [/^src\/db\/migrations\//, /^tests\/repository-citations\.test\.ts$/];

/** The tracked files; a copy without git history is walked instead, leaving out what git ignores here. */
function repositoryFiles(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean);
  } catch {
    return walk('');
  }
}

const UNTRACKED = new Set(['node_modules', 'dist', 'data', '.git', 'test-results', 'playwright-report', 'coverage']);

function walk(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => !UNTRACKED.has(entry.name))
    .flatMap((entry) => {
      const file = folder ? `${folder}/${entry.name}` : entry.name;
      return entry.isDirectory() ? walk(file) : [file];
    });
}

/** Text files only: images, fonts and archives are skipped by their NUL bytes. */
function readText(file: string): string | null {
  try {
    const bytes = readFileSync(path.join(root, file));
    return bytes.includes(0) ? null : bytes.toString('utf8');
  } catch {
    return null;
  }
}

const files = runsHere
  ? repositoryFiles()
      .filter((file) => !SKIPPED.some((skipped) => skipped.test(file)))
      .map((file) => ({ file, text: readText(file) }))
      .filter((entry): entry is { file: string; text: string } => entry.text !== null)
  : [];
const checked = files;

function linesMatching(text: string, pattern: RegExp): string[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => pattern.test(line))
    .map(({ line, index }) => `${index + 1}: ${line.trim()}`);
}

/** A heading's name, and its words before a colon ("Operations" of "Operations: backups, …"). */
function sectionNames(document: string): string[] {
  return [...document.matchAll(/^## (.+)$/gm)].flatMap(([, heading = '']) => [heading, heading.split(':')[0] ?? heading]);
}

/** What follows `docs/<name>.md, ` in each citation, a wrapped comment's line breaks and markers taken out. */
function citedSections(text: string, document: string): string[] {
  const citation = new RegExp(`docs/${document}, "?((?:[^\\n]|\\n\\s*(?:\\*|//|#)?\\s*){1,60})`, 'g');
  return [...text.matchAll(citation)].map(([, words = '']) => words.replace(/\n\s*(?:\*|\/\/|#)?\s*/g, ' '));
}

describe.skipIf(!runsHere)('what the repository cites, a clone holds', () => {
  it('reads the tracked files', () => {
    expect(checked.length).toBeGreaterThan(100);
  });

  it('cites no notes that a clone does not hold', () => {
    const citing = checked
      .map(({ file, text }) => ({ file, lines: linesMatching(text, MISSING_NOTES) }))
      .filter(({ lines }) => lines.length > 0);
    expect(citing).toEqual([]);
  });

  it.each(['product', 'performance'])('names only sections that docs/%s.md has', (document) => {
    const sections = sectionNames(readFileSync(path.join(root, `docs/${document}.md`), 'utf8'));
    const unknown = checked.flatMap(({ file, text }) =>
      citedSections(text, `${document}\\.md`)
        .filter((words) => !sections.some((section) => words.startsWith(section)))
        .map((words) => `${file}: docs/${document}.md, ${words}`),
    );
    expect(unknown).toEqual([]);
  });

  it('cites only ADRs that docs/decisions/ holds', () => {
    const held = new Set(readdirSync(path.join(root, 'docs/decisions')).map((name) => name.slice(0, 4)));
    const missing = checked.flatMap(({ file, text }) =>
      [...text.matchAll(/\bADRs?\s+(\d{4}(?:(?:,\s*|\s+and\s+|\s*\/\s*)\d{4})*)/g)]
        .flatMap(([, numbers = '']) => numbers.match(/\d{4}/g) ?? [])
        .filter((number) => !held.has(number))
        .map((number) => `${file}: ADR ${number}`),
    );
    expect(missing).toEqual([]);
  });
});
