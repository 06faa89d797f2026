import type { Page } from '@playwright/test';

/*
 * What tests/e2e/xss.spec.ts watches in the browser: dialogs, the `__xss` marker, CSP violation
 * events and console refusals, and markup that could still run later (on a click, a hover), which
 * the CSP would not report until then.
 */

export type Findings = {
  dialogs: string[];
  consoleRefusals: string[];
  /** Per page (or per step of a walk through one): what was found after it settled. */
  pages: { label: string; url: string; marker: unknown; violations: string[]; dangerousMarkup: string[] }[];
};

type ProbedWindow = Window & {
  __xss?: unknown;
  __cspViolations: string[];
  __findDangerousMarkup: (root: ParentNode) => string[];
};

/** Installed in every frame before the app's own scripts run. */
function installProbes() {
  const probed = window as unknown as ProbedWindow;
  const violations: string[] = [];
  Object.defineProperty(window, '__cspViolations', { value: violations });
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      // Where it happened: the element (and whether it was in the page at all) tells which code made it.
      const target = event.target instanceof Element ? event.target : undefined;
      const where = target ? ` in ${target.isConnected ? '' : 'detached '}${target.outerHTML.slice(0, 80)}` : '';
      violations.push(`${event.effectiveDirective} blocked ${event.blockedURI} "${event.sample}"${where}`);
    },
    true,
  );
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'background', 'poster', 'codebase'];
  // The browser's own URL parser, so entity-encoded, padded or split schemes read as they would run.
  const schemeOf = (value: string) => {
    try {
      return new URL(value, location.href).protocol;
    } catch {
      return '';
    }
  };
  /**
   * Markup no sanitizer should let through, and the app never renders: foreign scripts, frames,
   * plugins, <base>, meta refresh, style elements, event-handler attributes and script-capable URLs.
   */
  probed.__findDangerousMarkup = (root) => {
    const found: string[] = [];
    for (const element of root.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      // A <template>'s content is a separate fragment that querySelectorAll does not enter.
      if (element instanceof HTMLTemplateElement) found.push(...probed.__findDangerousMarkup(element.content));
      // An SVG <script> has no `src` property: read the attribute, which every script element has.
      const source = element.getAttribute('src');
      // The app's scripts: its own files; index.html's inline theme bootstrap in <head>; and a drawn
      // page's state and code (JSON) and its loader, children of <body> beside #root. Content is only
      // ever rendered inside #root (the CSP lets the inline ones run by their hashes).
      const isDrawnPageScript =
        element.parentElement === document.body &&
        (['page-state', 'page-code'].includes(element.id)
          ? element.getAttribute('type') === 'application/json'
          : (element.textContent ?? '').includes('__pressedBeforeApp'));
      const isAppScript =
        tag === 'script' &&
        (source === null
          ? element.parentElement === document.head || isDrawnPageScript
          : schemeOf(source) === location.protocol && source.startsWith('/'));
      if (['script', 'iframe', 'frame', 'object', 'embed', 'base'].includes(tag) && !isAppScript) found.push(`<${tag}>`);
      // Content's own styles could restyle the whole page; the app keeps its styles in <head>.
      if (tag === 'style' && !element.closest('head')) found.push('<style> outside <head>');
      if (tag === 'meta' && element.hasAttribute('http-equiv')) found.push('<meta http-equiv>');
      for (const { name, value } of element.attributes) {
        const scheme = urlAttributes.includes(name) ? schemeOf(value) : '';
        const isImageData = tag === 'img' && name === 'src' && /^data:image\//i.test(value);
        const runsScript = ['javascript:', 'vbscript:', 'data:'].includes(scheme) && !isImageData;
        if (name.startsWith('on') || name === 'srcdoc' || runsScript) found.push(`<${tag} ${name}="${value.slice(0, 60)}">`);
      }
    }
    return found;
  };
}

/** Starts watching the page, in every frame and across navigations. */
export async function watchForXss(page: Page): Promise<Findings> {
  const findings: Findings = { dialogs: [], consoleRefusals: [], pages: [] };
  page.on('dialog', (dialog) => {
    findings.dialogs.push(`${dialog.type()} "${dialog.message()}" on ${page.url()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    // Chromium's words for a blocked inline script or handler, old ("Refused to execute") and new.
    if (/Refused to|violates the following Content Security Policy/.test(message.text())) {
      findings.consoleRefusals.push(`${page.url()}: ${message.text().slice(0, 200)}`);
    }
  });
  await page.addInitScript(installProbes);
  return findings;
}

/** Lets broken images fail, and any handler that survived try to run, then records what happened. */
export async function inspect(page: Page, label: string, findings: Findings) {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  const state = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const probed = window as unknown as ProbedWindow;
    return {
      marker: probed.__xss,
      violations: [...probed.__cspViolations],
      dangerousMarkup: probed.__findDangerousMarkup(document),
    };
  });
  findings.pages.push({ label, url: page.url(), ...state });
}

/**
 * Presses a Next button `steps` times inside the page (one round trip, not one per slide), waiting
 * each time for the heading to change and checking the DOM of every slide on the way.
 */
export async function walkSlides(
  page: Page,
  label: string,
  findings: Findings,
  where: { next: string; heading: string; headingIs: 'first' | 'last'; steps: number },
) {
  const steps = await page.evaluate(async ({ next, heading, headingIs, steps }) => {
    const probed = window as unknown as ProbedWindow;
    const text = () => [...document.querySelectorAll(heading)].at(headingIs === 'first' ? 0 : -1)?.textContent ?? '';
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const seen: { title: string; dangerousMarkup: string[] }[] = [];
    for (let step = 0; step < steps; step += 1) {
      const before = text();
      const button = [...document.querySelectorAll<HTMLButtonElement>(next)].find((b) => b.textContent?.trim() === 'Next');
      if (!button || button.disabled) throw new Error(`no Next button after "${before}"`);
      button.click();
      const deadline = Date.now() + 10_000;
      while (text() === before) {
        if (Date.now() > deadline) throw new Error(`"${before}" stayed after Next`);
        await frame();
      }
      await frame();
      seen.push({ title: text(), dangerousMarkup: probed.__findDangerousMarkup(document) });
    }
    return seen;
  }, where);
  for (const [index, step] of steps.entries()) {
    if (step.dangerousMarkup.length > 0) {
      findings.pages.push({ label: `${label}, step ${index + 1}`, url: page.url(), marker: undefined, violations: [], ...step });
    }
  }
  return steps.map((step) => step.title);
}

/**
 * Parses stored HTML in the page (inert, in a <template>), and again after one serialization round
 * trip as DOMPurify and innerHTML do, and lists what each would still let run.
 */
export async function auditStoredHtml(page: Page, stored: { label: string; html: string }[]) {
  return page.evaluate((items) => {
    const probed = window as unknown as ProbedWindow;
    const parse = (html: string) => {
      const template = document.createElement('template');
      template.innerHTML = html;
      return template;
    };
    return items.flatMap(({ label, html }) => {
      const once = parse(html);
      const twice = parse(once.innerHTML);
      const found = [...probed.__findDangerousMarkup(once.content), ...probed.__findDangerousMarkup(twice.content)];
      return found.length > 0 ? [`${label}: ${found.join(' ')}`] : [];
    });
  }, stored);
}

/**
 * Answers the page's API reads with the raw payloads in place of the stored, sanitized rich text of
 * these courses and slide modules, as if a row had skipped the server's sanitizer (an old row, an
 * import, a regression): what the page then shows is guarded by the browser's sanitizer alone.
 */
export async function serveUnsanitized(page: Page, raw: { descriptions: Map<string, string>; slideModules: Set<string> }) {
  const swap = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(swap);
    if (!value || typeof value !== 'object') return value;
    const record = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, swap(inner)]));
    const description = typeof record.id === 'string' ? raw.descriptions.get(record.id) : undefined;
    if (description !== undefined && 'description' in record) record.description = description;
    // Each slide's title is its raw payload.
    if (record.type === 'text' && raw.slideModules.has(String(record.moduleId))) record.content = record.title;
    return record;
  };
  // Only the reads that carry those fields: every routed request takes a detour through the test.
  const ids = [...raw.descriptions.keys(), ...raw.slideModules].join('|');
  const carriesRichText = new RegExp(`^/api/(preview/)?(courses|modules)/(${ids})(/lessons)?$`);
  await page.route(
    (url) => carriesRichText.test(url.pathname),
    async (route) => {
      // Always a whole answer: a 304 would let the browser keep a copy that was never swapped.
      const headers = { ...route.request().headers() };
      delete headers['if-none-match'];
      const response = await route.fetch({ headers });
      const body = await response.text();
      const isJson = response.status() === 200 && response.headers()['content-type']?.includes('application/json');
      if (!isJson || body === '') return route.fulfill({ response });
      return route.fulfill({ response, json: swap(JSON.parse(body)) });
    },
  );
}
