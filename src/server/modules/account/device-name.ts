/** "Firefox on Linux" from a User-Agent: enough to tell one's own devices apart, no parser library. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser =
    [
      ['Edge', /Edg(e|A|iOS)?\//],
      ['Opera', /OPR\//],
      ['Firefox', /Firefox\/|FxiOS\//],
      ['Chrome', /Chrome\/|CriOS\//],
      ['Safari', /Version\/[\d.]+.*Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? null;
  const system =
    [
      ['iPhone', /iPhone/],
      ['iPad', /iPad/],
      ['Android', /Android/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['ChromeOS', /CrOS/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system) as string;
  // Scripts and API clients: their own first word ("curl/8.5"), cut short.
  return userAgent.split(/\s/)[0]?.slice(0, 40) || 'Unknown device';
}
