import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#tests/helpers/fetch-stub';
import { TOKEN_STORAGE_KEY } from '#web/lib/api-client';
import { addressWithoutLanguage, adoptAddressLanguage, chooseLanguage } from './choose-language';

const YEAR = 365 * 24 * 60 * 60;

/** Every cookie the page writes, attributes and all (document.cookie reads back only name=value). */
function watchCookies() {
  const written: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    written.push(value);
    descriptor?.set?.call(document, value);
  });
  return written;
}

afterEach(() => {
  vi.restoreAllMocks();
  // biome-ignore lint/suspicious/noDocumentCookie: clears what a test wrote
  document.cookie = 'locale=; path=/; max-age=0';
});

describe('chooseLanguage', () => {
  // jsdom cannot load a page: each choice's reload ends in its "Not implemented: navigation" notice.
  it('sets the locale cookie for a year, and asks nothing of the API for a guest', async () => {
    const written = watchCookies();
    const { calls } = stubFetch({});
    await chooseLanguage('de');
    expect(written).toEqual([`locale=de; path=/; max-age=${YEAR}; samesite=lax`]);
    expect(document.cookie).toContain('locale=de');
    expect(calls).toEqual([]);
  });

  it("saves a signed-in user's choice with PATCH /api/auth/me, and keeps the cookie when that fails", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-1');
    const { calls } = stubFetch({ 'PATCH /api/auth/me': { status: 500, body: { message: 'down' } } });
    await chooseLanguage('ar');
    expect(calls).toEqual(['PATCH /api/auth/me']);
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ locale: 'ar' });
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(document.cookie).toContain('locale=ar');
  });
});

describe('addressWithoutLanguage', () => {
  it('drops ?lang= (it outranks the cookie) and keeps the rest; null when there is none', () => {
    expect(addressWithoutLanguage('https://ga.test/courses?q=nets&lang=es#top')).toBe('https://ga.test/courses?q=nets#top');
    expect(addressWithoutLanguage('https://ga.test/courses?q=nets')).toBeNull();
  });
});

describe('adoptAddressLanguage', () => {
  it('keeps a known ?lang= as the cookie, and ignores an unknown one', () => {
    const written = watchCookies();
    adoptAddressLanguage('?lang=xx');
    adoptAddressLanguage('?q=nets');
    expect(written).toEqual([]);
    adoptAddressLanguage('?q=nets&lang=es');
    expect(written).toEqual([`locale=es; path=/; max-age=${YEAR}; samesite=lax`]);
  });
});
