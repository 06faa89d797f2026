import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
const THEME_COLORS: Record<Theme, string> = { light: '#ffffff', dark: '#12131c' };

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/** The theme chosen where storage is unavailable (private mode); null until the user picks one. */
let sessionTheme: Theme | null = null;

const SYSTEM_DARK = '(prefers-color-scheme: dark)';

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(SYSTEM_DARK).matches ? 'dark' : 'light';
}

/** The theme the user picked, or null: then the system's preference applies (issue 22). */
function readPickedTheme(): Theme | null {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'dark' || stored === 'light' ? stored : null;
  } catch {
    return sessionTheme;
  }
}

function readTheme(): Theme {
  return readPickedTheme() ?? systemTheme();
}

/** Applies the theme to <html>; theme-init.js (inlined in index.html) does the same before first paint. */
function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}

const themeListeners = new Set<() => void>();

function subscribeToTheme(listener: () => void) {
  themeListeners.add(listener);
  // Keep several open tabs on the same theme.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  // Until the user picks, the page follows the system switching between light and dark.
  const system = typeof window.matchMedia === 'function' ? window.matchMedia(SYSTEM_DARK) : null;
  system?.addEventListener('change', listener);
  return () => {
    themeListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    system?.removeEventListener('change', listener);
  };
}

/**
 * A page the server rendered was drawn light (the server cannot know the stored theme): React takes it
 * over as drawn, then switches to the stored or system theme (the page's colours already follow it, from
 * theme-init.js; only the controls that name the theme change).
 */
const serverTheme = (): Theme => 'light';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribeToTheme, readTheme, serverTheme);

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  const setTheme = useCallback((next: Theme) => {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage may be unavailable (private mode); the theme then lasts until the page is left.
      sessionTheme = next;
    }
    for (const listener of themeListeners) listener();
  }, []);

  const value = useMemo<ThemeContextValue>(
    () => ({ theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }),
    [theme, setTheme],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used within ThemeProvider');
  return context;
}
