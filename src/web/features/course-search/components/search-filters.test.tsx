import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CourseSearchResult } from '#shared/schemas/search';
import { SearchFiltersPanel } from './search-filters';

const names: Record<string, string> = { en: 'English', es: 'Spanish', 'pt-BR': 'Brazilian Portuguese', fr: 'French' };
const languageName = (tag: string) => names[tag] ?? tag;

function counts(language: Record<string, number>, exact = true): Pick<CourseSearchResult, 'facets' | 'exact'> {
  return {
    facets: { difficulty: { Beginner: 3, Intermediate: 1, Advanced: 0 }, price: { free: 2, paid: 2 }, language },
    exact,
  };
}

function renderPanel(...[filters, found]: [Parameters<typeof SearchFiltersPanel>[0]['filters'], ReturnType<typeof counts>]) {
  render(
    <MemoryRouter>
      <SearchFiltersPanel filters={filters} counts={found} languageName={languageName} />
    </MemoryRouter>,
  );
  return within(screen.getByRole('region', { name: 'Language' }));
}

describe('the search filters: language', () => {
  it('offers each language the search found, most courses first, with its count and its address', () => {
    const group = renderPanel({ q: 'nets', difficulty: 'Beginner' }, counts({ en: 3, es: 5, 'pt-BR': 1 }));
    const links = group.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Spanish5 courses',
      'English3 courses',
      'Brazilian Portuguese1 course',
    ]);
    // The other filters stay; choosing one starts from the first page.
    expect(links[0]).toHaveAttribute('href', '/courses?q=nets&difficulty=Beginner&language=es');
    expect(links[2]).toHaveAttribute('href', '/courses?q=nets&difficulty=Beginner&language=pt-BR');
    expect(links[0]).not.toHaveAttribute('aria-current');
  });

  it('marks the chosen language, whose link clears it, and keeps it offered when nothing is left in it', () => {
    const group = renderPanel({ q: '', language: 'fr' }, counts({ en: 2 }));
    const french = group.getByRole('link', { name: /French/ });
    expect(french).toHaveAttribute('aria-current', 'true');
    expect(french).toHaveAttribute('href', '/courses');
    expect(french).toHaveTextContent('French0 courses');
  });

  it('shows no counts past what the server counts', () => {
    const group = renderPanel({ q: '' }, counts({ en: 1000 }, false));
    expect(group.getByRole('link', { name: 'English' })).toBeInTheDocument();
  });

  it('has no language group while no language is known', () => {
    render(
      <MemoryRouter>
        <SearchFiltersPanel filters={{ q: '' }} languageName={languageName} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Level' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Language' })).not.toBeInTheDocument();
  });
});
