import { clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { readClassTokens } from '../../../scripts/tw-class-tokens.mjs';
import { cn } from './utils';

describe('cn', () => {
  it('knows every class the web app uses, as tailwind-merge does (else: node scripts/tw-merge-config.mjs)', () => {
    const misread = readClassTokens().filter((token) => cn(token, token) !== twMerge(token, token));
    expect(misread).toEqual([]);
  });

  it('resolves the overrides the components rely on exactly like tailwind-merge', () => {
    const overrides: [string, string][] = [
      ['rounded-xl border bg-card text-card-foreground shadow-sm p-6', 'p-5 sm:p-6'],
      ['h-full rounded-lg px-3 text-sm font-medium', 'px-2 text-[13px] sm:px-4 sm:text-sm'],
      ['mt-4 rounded-lg', 'mt-6'],
      ['inline-flex h-10 items-center rounded-xl bg-muted p-1', 'grid w-full grid-cols-2'],
      ['animate-pulse rounded-lg bg-muted', 'h-24 rounded-xl'],
      ['size-8 shrink-0', 'size-6'],
      ['fixed grid w-full max-w-md gap-4', 'max-h-[90dvh] max-w-2xl overflow-y-auto'],
      ['text-sm text-primary underline-offset-4 hover:underline', '-ml-3 w-fit text-muted-foreground'],
      ['h-10 px-4 py-2 bg-primary text-primary-foreground hover:bg-primary/90', 'mt-10 h-12 px-8'],
      ['text-primary hover:bg-accent hover:text-accent-foreground', 'text-destructive hover:bg-destructive-muted'],
      ['flex flex-col gap-1.5 p-6 pt-0', 'flex items-start justify-between gap-3 p-4 sm:p-5'],
    ];
    for (const [base, override] of overrides) expect(cn(base, override)).toBe(twMerge(clsx(base, override)));
  });
});
