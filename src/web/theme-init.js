// Inlined into index.html at build (vite.config.ts) and run before first paint, so a dark theme never
// flashes light. The theme the user picked (stored) wins; until they pick, the system's preference.
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch {
    // Storage unavailable: follow the system.
  }
  const isDark =
    stored === 'dark' || (stored !== 'light' && window.matchMedia?.('(prefers-color-scheme: dark)').matches === true);
  const root = document.documentElement;
  root.classList.toggle('dark', isDark);
  root.style.colorScheme = isDark ? 'dark' : 'light';
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', isDark ? '#12131c' : '#ffffff');
})();
