import { type Difficulty, difficulties } from './difficulties';

/**
 * The course search's parameters (docs/product.md, Search), plain constants and a plain reader: the search
 * page reads its address with them without loading zod (the server validates with schemas/search.ts).
 */
export const searchSorts = ['relevance', 'rating', 'newest', 'price_asc', 'price_desc', 'popular'] as const;
export type SearchSort = (typeof searchSorts)[number];

export const priceKinds = ['free', 'paid'] as const;
export type PriceKind = (typeof priceKinds)[number];

/** Lengths of study, by the course's stated duration: under 2 hours, 2 to 10, over 10. */
export const durationBands = ['short', 'medium', 'long'] as const;
export type DurationBand = (typeof durationBands)[number];
/** Each band's minutes, lower bound included and upper bound excluded. */
export const durationBandMinutes: Readonly<Record<DurationBand, readonly [number, number | null]>> = {
  short: [0, 120],
  medium: [120, 600],
  long: [600, null],
};

export const minRatings = [4.5, 4, 3.5, 3] as const;

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_DEFAULT = 20;
export const SEARCH_PAGE_MAX = 100;
/** "5", "5.5" or "5.00" dollars. */
export const PRICE_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;

/** The filters and order of a search, as its address carries them; absent means "any". */
export type SearchFilters = {
  q: string;
  difficulty?: Difficulty;
  price?: PriceKind;
  minPrice?: string;
  maxPrice?: string;
  minRating?: number;
  duration?: DurationBand;
  /** A course's language, as a canonical BCP 47 tag (`pt-BR`). */
  language?: string;
  sort?: SearchSort;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** A language tag as the server matches it (canonical case), or undefined for what is no tag. */
function readLanguage(value: string | null): string | undefined {
  if (value === null || value.length > 35 || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(value)) return undefined;
  try {
    return Intl.getCanonicalLocales(value)[0];
  } catch {
    return undefined;
  }
}

/** The search an address asks for; what it cannot read is left out (the server would refuse it). */
export function readSearchParams(params: URLSearchParams): SearchFilters {
  const minRating = Number(params.get('minRating'));
  const price = (name: string) => {
    const value = params.get(name);
    return value !== null && PRICE_PATTERN.test(value) ? value : undefined;
  };
  const filters: SearchFilters = { q: (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX) };
  const difficulty = oneOf(difficulties, params.get('difficulty'));
  if (difficulty) filters.difficulty = difficulty;
  const kind = oneOf(priceKinds, params.get('price'));
  if (kind) filters.price = kind;
  const minPrice = price('minPrice');
  if (minPrice) filters.minPrice = minPrice;
  const maxPrice = price('maxPrice');
  if (maxPrice) filters.maxPrice = maxPrice;
  if (params.has('minRating') && minRating >= 1 && minRating <= 5) filters.minRating = minRating;
  const duration = oneOf(durationBands, params.get('duration'));
  if (duration) filters.duration = duration;
  const language = readLanguage(params.get('language'));
  if (language) filters.language = language;
  const sort = oneOf(searchSorts, params.get('sort'));
  if (sort) filters.sort = sort;
  return filters;
}

/** The address parameters of a search, in one fixed order, so equal searches share one address. */
export function searchParamsOf(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.difficulty) params.set('difficulty', filters.difficulty);
  if (filters.price) params.set('price', filters.price);
  if (filters.minPrice) params.set('minPrice', filters.minPrice);
  if (filters.maxPrice) params.set('maxPrice', filters.maxPrice);
  if (filters.minRating !== undefined) params.set('minRating', String(filters.minRating));
  if (filters.duration) params.set('duration', filters.duration);
  if (filters.language) params.set('language', filters.language);
  if (filters.sort) params.set('sort', filters.sort);
  return params;
}
