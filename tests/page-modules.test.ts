import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPage } from '#server/lib/pages';
import { BARE_PAGES, PAGES } from '#shared/page-modules';

const webDir = path.resolve(process.env.DIST_DIR ?? 'dist', 'web');

describe('the page table', () => {
  it('names page modules the build made a chunk of, each loaded on its own', () => {
    const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { isDynamicEntry?: boolean }
    >;
    const modules = [...Object.values(PAGES), ...Object.values(BARE_PAGES)];
    expect(modules.length).toBeGreaterThan(15);
    for (const module of modules) expect(manifest[`app/routes/${module}.tsx`]?.isDynamicEntry, module).toBe(true);
  });

  it('finds the page of an address as the router matches it, with its ids', () => {
    const id = '0b1c2d3e-0000-4000-8000-000000000001';
    const itemId = '9f2e0000-0000-4000-8000-000000000002';
    const moduleOf = (pathname: string) => findPage(pathname).module;
    expect(moduleOf('/')).toBe('app/routes/catalog/home.tsx');
    expect(moduleOf('/course/0b1c/learn')).toBe('app/routes/learn/learn.tsx');
    expect(moduleOf('/course/0b1c/learn/9f2e')).toBe('app/routes/learn/learn.tsx');
    expect(moduleOf('/course/0b1c')).toBe('app/routes/catalog/course-detail.tsx');
    expect(moduleOf('/Course/0b1c/')).toBe('app/routes/catalog/course-detail.tsx');
    expect(moduleOf('/creator')).toBe('app/routes/auth/creator-portal.tsx');
    expect(moduleOf('/creator/dashboard')).toBe('app/routes/creator/dashboard.tsx');
    expect(moduleOf('/course')).toBe('app/routes/not-found.tsx');
    expect(moduleOf('/no/such/page')).toBe('app/routes/not-found.tsx');
    expect(findPage(`/course/${id}/learn/${itemId}`)).toEqual({
      path: '/course/:id/learn/:itemId',
      module: 'app/routes/learn/learn.tsx',
      params: { id, itemId },
    });
    // An id that cannot exist, and an address no page has, name nothing.
    expect(findPage('/course/0b1c').params).toBeUndefined();
    expect(findPage('/no/such/page')).toMatchObject({ path: '*', params: undefined });
  });
});
