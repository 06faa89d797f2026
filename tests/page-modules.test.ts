import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, pageModuleFor } from '#shared/page-modules';
import { paths } from '../src/web/lib/paths';

/** The router's pages as its source pairs them: `page(<path>, lazyPage(() => import('<module>')…`. */
function routerPages() {
  const source = readFileSync(new URL('../src/web/app/router.tsx', import.meta.url), 'utf8');
  const pathOf = (expression: string) => {
    if (expression === 'undefined') return '/';
    if (expression === "'*'") return '*';
    const value = expression
      .replace(/^paths\./, '')
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], paths);
    if (typeof value !== 'string') throw new Error(`cannot read ${expression}`);
    return value;
  };
  return [...source.matchAll(/page\(\s*([^,]+?),\s*lazyPage\(\(\) => import\('\.\/([^']+)'\)/g)].map(
    ([, expression = '', module = '']) => ({
      path: pathOf(expression.trim()),
      module: `app/${module}.tsx`,
    }),
  );
}

describe('PAGE_MODULES', () => {
  it('pairs every address with the module the router draws it with', () => {
    const router = routerPages();
    expect(router.length).toBeGreaterThan(15);
    const byPath = (pages: readonly { path: string; module: string }[]) =>
      [...pages].sort((a, b) => a.path.localeCompare(b.path));
    expect(byPath(PAGE_MODULES)).toEqual(byPath(router));
  });

  it('finds the page of an address as the router matches it', () => {
    expect(pageModuleFor('/')).toBe('app/routes/catalog/home.tsx');
    expect(pageModuleFor('/course/0b1c/learn')).toBe('app/routes/learn/learn.tsx');
    expect(pageModuleFor('/course/0b1c/learn/9f2e')).toBe('app/routes/learn/learn.tsx');
    expect(pageModuleFor('/course/0b1c')).toBe('app/routes/catalog/course-detail.tsx');
    expect(pageModuleFor('/Course/0b1c/')).toBe('app/routes/catalog/course-detail.tsx');
    expect(pageModuleFor('/creator')).toBe('app/routes/auth/creator-portal.tsx');
    expect(pageModuleFor('/creator/dashboard')).toBe('app/routes/creator/dashboard.tsx');
    expect(pageModuleFor('/course')).toBe('app/routes/not-found.tsx');
    expect(pageModuleFor('/no/such/page')).toBe('app/routes/not-found.tsx');
  });
});
