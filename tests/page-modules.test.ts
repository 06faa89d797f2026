import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BARE_PAGES, PAGES, pageModuleFor } from '#shared/page-modules';

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
