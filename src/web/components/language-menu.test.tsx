import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { TOKEN_STORAGE_KEY } from '#web/lib/api-client';
import { LanguageMenu } from './language-menu';

const user = userEvent.setup();
// The menu's code is loaded on the first press: on a busy machine that import alone takes seconds.
const LOADED = { timeout: 15_000 };

beforeEach(() => {
  // Radix's menu measures its trigger; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  document.documentElement.lang = '';
  // biome-ignore lint/suspicious/noDocumentCookie: clears what a test wrote
  document.cookie = 'locale=; path=/; max-age=0';
});

describe('LanguageMenu', () => {
  it("lists every language in its own name and language, with the page's ticked", async () => {
    document.documentElement.lang = 'es';
    render(<LanguageMenu place="header" />);
    await user.click(screen.getByRole('button', { name: 'Elige un idioma' }));

    const menu = await screen.findByRole('menu', { name: 'Elige un idioma' }, LOADED);
    const options = within(menu).getAllByRole('menuitemradio');
    expect(options.map((option) => [option.textContent, option.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['Español', 'es'],
      ['Deutsch', 'de'],
      ['العربية', 'ar'],
    ]);
    expect(options.map((option) => option.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false', 'false']);
  });

  it('is used from the keyboard: a choice sets the cookie and saves it for a signed-in user', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    const { calls } = stubFetch({ 'PATCH /api/auth/me': { status: 204 } });
    render(<LanguageMenu place="header" />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Choose a language' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Choose a language' }, LOADED);
    await vi.waitFor(() => expect(menu).toHaveFocus(), LOADED);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await vi.waitFor(() => expect(calls).toEqual(['PATCH /api/auth/me']), LOADED);
    expect(document.cookie).toContain('locale=de');
  });

  it("names the footer's button with the current language it shows", () => {
    document.documentElement.lang = 'de';
    render(<LanguageMenu place="footer" />);
    const button = screen.getByRole('button', { name: 'Sprache wählen (aktuell: Deutsch)' });
    expect(within(button).getByText('Deutsch')).toHaveAttribute('lang', 'de');
  });
});
