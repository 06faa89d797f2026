// Every word in the web app's source that may be a Tailwind class: the words of its string literals,
// template literals and className attributes. Shared by scripts/tw-merge-config.mjs and its test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|tw-merge-config/.test(entry.name) ? [file] : [];
  });
}

export function readClassTokens(root = 'src/web') {
  const tokens = new Set();
  for (const file of sourceFiles(root)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      const text = (match[1] ?? match[2] ?? match[3] ?? '').replace(/\$\{[^}]*\}/g, ' ');
      for (const word of text.split(/\s+/)) if (/^[!\-a-z[*@]/.test(word)) tokens.add(word);
    }
  }
  return [...tokens].sort();
}
