import { cn } from '#web/lib/utils';

/**
 * Code or a run's output in a box of bounded height that scrolls: focusable, so a keyboard can scroll
 * it too (WCAG 2.1.1), in a region named by `label`.
 */
export function ScrollableCode({ label, children, className }: { label: string; children: string; className?: string }) {
  return (
    <section aria-label={label} className="min-w-0">
      <pre
        // Code and its output read left to right in every language.
        dir="ltr"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable from the keyboard
        tabIndex={0}
        className={cn(
          'max-h-72 overflow-auto rounded-lg border bg-muted px-3 py-2 font-mono text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          className,
        )}
      >
        {children}
      </pre>
    </section>
  );
}
