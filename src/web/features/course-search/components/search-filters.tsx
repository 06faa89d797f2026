import { Check, SlidersHorizontal } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  type DurationBand,
  durationBands,
  minRatings,
  PRICE_PATTERN,
  type SearchFilters,
  searchParamsOf,
} from '#shared/course-search';
import { difficulties } from '#shared/difficulties';
import type { CourseSearchResult } from '#shared/schemas/search';
import { Button } from '#web/components/ui/button';
import { difficultyLabel } from '#web/lib/i18n/difficulty';
import { formatCount } from '#web/lib/i18n/format';
import { RichText } from '#web/lib/i18n/rich-text';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { cn } from '#web/lib/utils';
import { durationLabel, minRatingLabel } from '../lib/filter-labels';

type Counts = Pick<CourseSearchResult, 'facets' | 'exact'>;

/** The search's address with one filter changed (undefined removes it); a new filter starts from the first page. */
export function hrefWith(filters: SearchFilters, change: Partial<SearchFilters>): string {
  return paths.search.getHref(searchParamsOf({ ...filters, ...change }));
}

interface SearchFiltersPanelProps {
  filters: SearchFilters;
  /** Counts of the search on screen; absent while the first one loads. */
  counts?: Counts;
  /** A language tag's name in the page's language (the route passes the catalogue's). */
  languageName: (tag: string) => string;
}

/**
 * Every filter is a link to the search with it set or cleared, so a filtered search can be shared,
 * bookmarked and gone back from, and works before the page's code has loaded.
 */
export function SearchFiltersPanel({ filters, counts, languageName }: SearchFiltersPanelProps) {
  const [open, setOpen] = useState(false);
  // Past what the server counts, each number would be only a lower bound: none is shown.
  const facets = counts?.exact ? counts.facets : undefined;
  const panelId = useId();
  const activeCount = [
    filters.difficulty,
    filters.price,
    filters.minPrice ?? filters.maxPrice,
    filters.minRating,
    filters.duration,
    filters.language,
  ].filter((value) => value !== undefined).length;
  const languages = languagesOf(counts, filters.language, languageName);

  return (
    <div>
      <Button
        variant="outline"
        className="w-full lg:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <SlidersHorizontal aria-hidden="true" />
        {activeCount > 0
          ? open
            ? t('search.hideFiltersCount', { count: activeCount })
            : t('search.filtersCount', { count: activeCount })
          : open
            ? t('search.hideFilters')
            : t('search.filters')}
      </Button>
      <nav id={panelId} aria-label={t('search.filters')} className={cn('mt-4 grid gap-6 lg:mt-0', !open && 'hidden lg:grid')}>
        <FilterGroup title={t('search.level')}>
          {difficulties.map((level) => (
            <FilterLink
              key={level}
              active={filters.difficulty === level}
              to={hrefWith(filters, { difficulty: filters.difficulty === level ? undefined : level })}
              count={facets?.difficulty[level]}
            >
              {difficultyLabel(level)}
            </FilterLink>
          ))}
        </FilterGroup>
        {languages.length > 0 ? (
          <FilterGroup title={t('search.language')}>
            {languages.map(({ tag, name }) => (
              <FilterLink
                key={tag}
                active={filters.language === tag}
                to={hrefWith(filters, { language: filters.language === tag ? undefined : tag })}
                count={facets ? (facets.language[tag] ?? 0) : undefined}
              >
                {name}
              </FilterLink>
            ))}
          </FilterGroup>
        ) : null}
        <FilterGroup title={t('search.price')}>
          <FilterLink
            active={filters.price === 'free'}
            to={hrefWith(filters, { price: filters.price === 'free' ? undefined : 'free' })}
            count={facets?.price.free}
          >
            {t('search.free')}
          </FilterLink>
          <FilterLink
            active={filters.price === 'paid'}
            to={hrefWith(filters, { price: filters.price === 'paid' ? undefined : 'paid' })}
            count={facets?.price.paid}
          >
            {t('search.paid')}
          </FilterLink>
          <PriceRange filters={filters} />
        </FilterGroup>
        <FilterGroup title={t('search.rating')}>
          {minRatings.map((rating) => (
            <FilterLink
              key={rating}
              active={filters.minRating === rating}
              to={hrefWith(filters, { minRating: filters.minRating === rating ? undefined : rating })}
            >
              {minRatingLabel(rating)}
            </FilterLink>
          ))}
        </FilterGroup>
        <FilterGroup title={t('search.duration')}>
          {durationBands.map((band: DurationBand) => (
            <FilterLink
              key={band}
              active={filters.duration === band}
              to={hrefWith(filters, { duration: filters.duration === band ? undefined : band })}
            >
              {durationLabel(band)}
            </FilterLink>
          ))}
        </FilterGroup>
      </nav>
    </div>
  );
}

/**
 * The languages to offer: those the search's courses are taught in, most courses first, and the chosen
 * one even when nothing is left in it, so it can be cleared.
 */
function languagesOf(counts: Counts | undefined, chosen: string | undefined, languageName: (tag: string) => string) {
  const found = counts?.facets.language ?? {};
  const tags = Object.keys(found);
  if (chosen && !tags.includes(chosen)) tags.push(chosen);
  return tags
    .map((tag) => ({ tag, name: languageName(tag), count: found[tag] ?? 0 }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1));
}

function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-sm font-semibold">
        {title}
      </h2>
      <ul className="grid gap-0.5">{children}</ul>
    </section>
  );
}

function FilterLink({ to, active, count, children }: { to: string; active: boolean; count?: number; children: ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        preventScrollReset
        aria-current={active ? 'true' : undefined}
        className={cn(
          'flex min-h-9 items-center gap-2 rounded-md px-2 text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-3 focus-visible:ring-ring/40 focus-visible:outline-none',
          active && 'bg-primary/10 font-medium text-primary',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'flex size-4 shrink-0 items-center justify-center rounded border',
            active ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
          )}
        >
          {active ? <Check className="size-3" /> : null}
        </span>
        <span className="flex-1">{children}</span>
        {count !== undefined ? (
          <span className="text-xs text-muted-foreground tabular-nums">
            <RichText
              text={t('search.facetCount', { count, formatted: formatCount(count) })}
              tags={{ sr: (words) => <span className="sr-only">{words}</span> }}
            />
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/** From and to, in dollars; applied together, checked here before the address changes. */
function PriceRange({ filters }: { filters: SearchFilters }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => String(form.get(name) ?? '').trim();
    const minPrice = read('minPrice');
    const maxPrice = read('maxPrice');
    if ((minPrice && !PRICE_PATTERN.test(minPrice)) || (maxPrice && !PRICE_PATTERN.test(maxPrice))) {
      setError(t('search.pricesInDollars'));
      return;
    }
    if (minPrice && maxPrice && Number(minPrice) > Number(maxPrice)) {
      setError(t('search.lowestAboveHighest'));
      return;
    }
    setError(null);
    navigate(hrefWith(filters, { minPrice: minPrice || undefined, maxPrice: maxPrice || undefined }), {
      preventScrollReset: true,
    });
  };

  return (
    <li className="mt-2 list-none">
      <form onSubmit={apply} noValidate aria-label={t('search.priceRange')} className="grid gap-2 px-2">
        <div className="flex items-end gap-2">
          <PriceInput
            label={t('search.fromDollars')}
            name="minPrice"
            applied={filters.minPrice}
            errorId={error ? errorId : undefined}
          />
          <PriceInput
            label={t('search.toDollars')}
            name="maxPrice"
            applied={filters.maxPrice}
            errorId={error ? errorId : undefined}
          />
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-xs text-destructive">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" size="sm">
          {t('search.applyPrice')}
        </Button>
      </form>
    </li>
  );
}

/** One end of the price range, showing the applied value; `errorId` names the range's error while there is one. */
function PriceInput({
  label,
  name,
  applied,
  errorId,
}: {
  label: string;
  name: 'minPrice' | 'maxPrice';
  applied: string | undefined;
  errorId: string | undefined;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="grid flex-1 gap-1 text-xs text-muted-foreground">
      {label}
      <input
        // Re-mounted when the address changes, so the box shows the applied range.
        key={applied ?? ''}
        id={id}
        name={name}
        inputMode="decimal"
        dir="ltr"
        defaultValue={applied ?? ''}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="h-9 w-full rounded-md border border-input bg-background px-2 text-sm text-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none"
      />
    </label>
  );
}
