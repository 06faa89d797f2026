/** The page table's modules as lazy imports, made at build from src/shared/page-modules.ts (vite.config.ts). */
declare module 'virtual:page-code' {
  import type { ComponentType } from 'react';

  /** Page addresses (the router's patterns) and each page's code. */
  export type PageCodeTable = Readonly<Record<string, () => Promise<{ default: ComponentType }>>>;
  export const PAGES: PageCodeTable;
  export const BARE_PAGES: PageCodeTable;
}
