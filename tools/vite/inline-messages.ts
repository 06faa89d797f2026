import { fileURLToPath } from 'node:url';
import MessageFormat from '@messageformat/core';
import compileModuleExport from '@messageformat/core/lib/compile-module';
import { build as esbuild } from 'esbuild';
import type { Plugin } from 'vite';
import { directionOf, type PageLocale, PSEUDO_LOCALE } from '../../src/shared/i18n/locales';

/*
 * The browser's messages, compiled ahead of time for one language per build (ADR 0062). Each
 * `t('area.key', values)` in the web app's source becomes the message compiled for this build's language,
 * where it is written: a string for a message without placeholders, else a call of a small module of
 * its own (plurals and selects compiled by @messageformat/core, formatted by its runtime). The bundler
 * then puts each message in the chunk that uses it, so a page loads its own messages in its own language
 * and nothing else. Any other use of `t` (a key in a variable) fails the build, and `t`'s run-time
 * catalogs (every language) never reach the browser.
 */

// A CommonJS module: its function is the default export, or that export's own `default` where interop wraps it.
const compileModule = ((compileModuleExport as unknown as { default?: typeof compileModuleExport }).default ??
  compileModuleExport) as typeof compileModuleExport;

type Catalog = Readonly<Record<string, Readonly<Record<string, string>>>>;

const MESSAGES_FILE = fileURLToPath(new URL('../../src/shared/i18n/messages.ts', import.meta.url));
const PSEUDO_FILE = fileURLToPath(new URL('../../src/shared/i18n/pseudo.ts', import.meta.url));
const T_FILE = fileURLToPath(new URL('../../src/web/lib/i18n/t.ts', import.meta.url)).replaceAll('\\', '/');
const VIRTUAL = 'virtual:message/';
const T_STUB = '\0message-t-stub';

/** `t('key'` or `t("key"` as a call (not `.t(` nor `at(`), with what follows the key: `)` or `,`. */
const CALL = /(?<![\w$.])t\(\s*(['"])([A-Za-z0-9_.-]+)\1\s*([),])/g;
const ANY_CALL = /(?<![\w$.])t\(/;
/** Block comments and whole-line comments, where an example call is no call. */
const COMMENT = /\/\*[\s\S]*?\*\/|^[ \t]*\/\/[^\n]*/gm;
const blankComments = (code: string) => code.replace(COMMENT, (comment) => comment.replace(/[^\n]/g, ' '));

/** The messages module and the pseudo-locale's text maker, bundled on the fly (they are TypeScript). */
async function importTs<T>(file: string): Promise<T> {
  const { outputFiles } = await esbuild({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    packages: 'external',
  });
  const source = outputFiles[0]?.text ?? '';
  return (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as T;
}

export function inlineMessages(locale: PageLocale): Plugin {
  let catalog: Catalog = {};
  let pseudo: (text: string) => string = (text) => text;
  const formatter = new MessageFormat(locale === PSEUDO_LOCALE ? 'en' : locale);
  const textOf = (key: string): string | undefined => {
    const message = catalog[key];
    if (!message) return undefined;
    return locale === PSEUDO_LOCALE ? pseudo(message.en ?? '') : message[locale];
  };

  return {
    name: 'inline-messages',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      catalog = (await importTs<{ MESSAGES: Catalog }>(MESSAGES_FILE)).MESSAGES;
      pseudo = (await importTs<{ pseudoMessage: (text: string) => string }>(PSEUDO_FILE)).pseudoMessage;
      this.addWatchFile(MESSAGES_FILE);
    },
    async resolveId(source, importer, options) {
      if (source.startsWith(VIRTUAL)) return `\0${source}`;
      if (!importer || !/(^|\/)t$|i18n\/t(\.ts)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id.replaceAll('\\', '/') === T_FILE ? T_STUB : null;
    },
    load(id) {
      if (id === T_STUB) {
        return "export function t(key) { throw new Error('message ' + key + ' was not compiled into the build'); }";
      }
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const key = id.slice(VIRTUAL.length + 1);
      const module = compileModule(formatter, { message: textOf(key) ?? '' });
      return `${module.replace('export default {', 'const compiled = {')}\nexport default compiled.message;\n`;
    },
    transform(code, id) {
      const file = id.replaceAll('\\', '/');
      if (!/\/src\/web\/.*\.tsx?$/.test(file) || file === T_FILE || /\.test\.tsx?$/.test(file) || !ANY_CALL.test(code))
        return null;
      const imports = new Map<string, string>();
      // Calls are found in the code with its comments blanked out (same offsets), and replaced in the code.
      const visible = blankComments(code);
      let rewritten = '';
      let last = 0;
      for (const match of visible.matchAll(CALL)) {
        const [whole, , key = '', after] = match;
        const text = textOf(key);
        if (text === undefined) this.error(`${id}: no message "${key}" in src/shared/i18n/messages`);
        let replacement: string;
        if (after === ')' && !text.includes('{')) replacement = JSON.stringify(formatter.compile(text)({}));
        else {
          let name = imports.get(key);
          if (!name) {
            name = `__message${imports.size}`;
            imports.set(key, name);
          }
          replacement = after === ')' ? `${name}()` : `${name}(`;
        }
        rewritten += code.slice(last, match.index) + replacement;
        last = match.index + whole.length;
      }
      rewritten += code.slice(last);
      if (ANY_CALL.test(blankComments(rewritten))) {
        this.error(`${id}: t() must be called with a message key written out, as t('area.key') (ADR 0062)`);
      }
      const header = [...imports].map(([key, name]) => `import ${name} from ${JSON.stringify(VIRTUAL + key)};`).join('');
      return { code: header + rewritten, map: null };
    },
    transformIndexHtml(html) {
      const text = (key: string) => {
        const value = textOf(key);
        if (value === undefined) throw new Error(`index.html: no message "${key}"`);
        return formatter.compile(value)({}).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
      };
      return html
        .replace('<html lang="en">', `<html lang="${locale}" dir="${directionOf(locale)}">`)
        .replace(/<title>[\s\S]*?<\/title>/, `<title>${text('site.title')}</title>`)
        .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${text('site.description')}$2`)
        .replace(/<noscript>[\s\S]*?<\/noscript>/, `<noscript>${text('site.noScript')}</noscript>`);
    },
  };
}
