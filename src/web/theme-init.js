// Inlined into index.html at build (vite.config.ts) and run before first paint, so a stored
// dark theme never flashes light. Light is the default.
(() => {
  let isDark = false;
  try {
    isDark = localStorage.getItem('theme') === 'dark';
  } catch {
    // Storage unavailable: keep the light default.
  }
  const root = document.documentElement;
  root.classList.toggle('dark', isDark);
  root.style.colorScheme = isDark ? 'dark' : 'light';
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', isDark ? '#12131c' : '#ffffff');
})();
