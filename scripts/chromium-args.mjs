// Launch arguments for headless Chromium in the end-to-end tests and the benchmarks.

/**
 * Chromium takes the last --disable-features it is given, so ours must repeat the list Playwright
 * passes (playwright-core's chromiumSwitches.ts, 1.64) or it would switch those features back on.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * Debian's Chromium 156 gives every new window an address-bar popup drawn as a web page in its own
 * renderer, though a headless window never shows it. It cost as much processor time as the pages under
 * test: 8 sign-in and home page loads took 25 s with it and 15 s without it on 2 cores.
 */
const UNSEEN_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  // Without these the browser keeps trying to reach Google's hosts, which a closed network refuses.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSEEN_BROWSER_UI].join(',')}`,
  // Chromium refuses some ports outright (5060 and 5061 are SIP's: net::ERR_UNSAFE_PORT); the server's own is allowed.
  ...(process.env.E2E_PORT ? [`--explicitly-allowed-ports=${process.env.E2E_PORT}`] : []),
];
