import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { cn } from '#web/lib/utils';

interface SearchBoxProps {
  className?: string;
  /** The phone's search row: focus the box when it opens. */
  autoFocus?: boolean;
  /** Called after a search is submitted (the phone's row closes). */
  onSearch?: () => void;
  id?: string;
}

/** Enter searches the catalogue (`/courses?q=term`, the search page). */
export function SearchBox({ className, autoFocus = false, onSearch, id }: SearchBoxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const currentQuery = location.pathname === paths.search.getHref() ? (searchParams.get('q') ?? '') : '';

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    const query = typeof value === 'string' ? value.trim() : '';
    // A new search starts without the last one's filters.
    navigate(paths.search.getHref(query ? new URLSearchParams({ q: query }) : undefined));
    onSearch?.();
  };

  return (
    <search id={id} className={cn('relative w-full', className)}>
      {/* Before the page's code runs, the browser submits the box itself, to the same address. */}
      <form action={paths.search.getHref()} onSubmit={handleSubmit}>
        <Search
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          // Re-mount when the URL's query changes so the box always shows the active search.
          key={currentQuery}
          type="search"
          name="q"
          defaultValue={currentQuery}
          placeholder={t('shell.searchPlaceholder')}
          aria-label={t('shell.searchCourses')}
          autoComplete="off"
          enterKeyHint="search"
          // Only where the person just asked for the box (the phone's search button).
          // biome-ignore lint/a11y/noAutofocus: opened on demand, focus belongs in it
          autoFocus={autoFocus}
          className="h-10 w-full rounded-full border border-input bg-muted/50 ps-9 pe-4 text-sm transition-[border-color,box-shadow,background-color] placeholder:text-muted-foreground focus-visible:border-ring focus-visible:bg-background focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none"
        />
      </form>
    </search>
  );
}
