/*
 * Cross-site scripting payloads for tests/e2e/xss.spec.ts, modelled on the OWASP XSS filter-evasion
 * cheat sheet and later sanitizer bypasses (mXSS, namespace confusion). Every payload, if it ever
 * ran, would call `alert(id)` and set `top.__xss = id`, so the spec can tell which one got through.
 * All are single-line printable text of at most 200 characters (the longest title): the API refuses control characters (NUL, raw tabs and line
 * breaks in one-line fields), so those tricks appear here in their encoded forms.
 */

export type XssPayload = { id: number; name: string; html: string };

type Encoders = {
  /** The code a payload runs: `alert(id);top.__xss=id` (no spaces, quotes or slashes). */
  js: string;
  /** `javascript:` plus the code. */
  url: string;
};

const decimal = (text: string) => [...text].map((c) => `&#${c.charCodeAt(0)};`).join('');
const decimalPadded = (text: string) => [...text].map((c) => `&#${String(c.charCodeAt(0)).padStart(5, '0')}`).join('');
const hex = (text: string) => [...text].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');
const hexBare = (text: string) => [...text].map((c) => `&#x${c.charCodeAt(0).toString(16)}`).join('');
const percent = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
const base64 = (text: string) => Buffer.from(text).toString('base64');
const charCodes = (text: string) => [...text].map((c) => c.charCodeAt(0)).join(',');

const templates: Array<[name: string, make: (e: Encoders) => string]> = [
  // Script elements.
  ['script tag', ({ js }) => `<script>${js}</script>`],
  ['mixed-case script tag', ({ js }) => `<ScRiPt>${js}</sCrIpT>`],
  ['unclosed script tag', ({ js }) => `<script>${js}//`],
  ['extra open brackets', ({ js }) => `<<SCRIPT>${js}//<</SCRIPT>`],
  ['script src data URL', ({ js }) => `<SCRIPT SRC=data:text/javascript,${js}></SCRIPT>`],
  ['non-alpha separator in script', ({ js }) => `<SCRIPT/XSS SRC="data:,${js}"></SCRIPT>`],
  ['slash-separated script src', ({ js }) => `<script/src=data:,${js}></script>`],
  ['nested stripped script', ({ js }) => `<scr<script>ipt>${js}</scr</script>ipt>`],
  ['module script', ({ js }) => `<script type="module">${js}</script>`],
  ['script with base64 eval', ({ js }) => `<script>eval(atob('${base64(js)}'))</script>`],
  ['title breakout', ({ js }) => `</title><script>${js}</script>`],
  ['textarea breakout', ({ js }) => `</textarea><script>${js}</script>`],
  ['style breakout', ({ js }) => `</style><script>${js}</script>`],
  ['svg script', ({ js }) => `<svg><script>${js}</script></svg>`],
  ['svg script href', ({ js }) => `<svg><script href="data:,${js}"></script></svg>`],
  ['svg script xlink:href', ({ js }) => `<svg><script xlink:href="data:,${js}"></script></svg>`],
  ['UTF-7 script', ({ js }) => `+ADw-script+AD4-${js}+ADw-/script+AD4-`],

  // Event handlers on images.
  ['img onerror', ({ js }) => `<img src=x onerror=${js}>`],
  ['IMG ONERROR upper case', ({ js }) => `<IMG SRC=x ONERROR="${js}">`],
  ['img onerror decimal entities', ({ js }) => `<img src=x onerror="${decimal(js)}">`],
  ['img onerror padded decimal without semicolons', ({ js }) => `<img src=x onerror="${decimalPadded(js)}">`],
  ['img onerror hex entities', ({ js }) => `<img src=x onerror=${hex(js)}>`],
  ['img onerror hex without semicolons', ({ js }) => `<img src=x onerror="${hexBare(js)}">`],
  ['img onerror eval of alt', ({ js }) => `<img src=x onerror=eval(alt) alt="${js}">`],
  ['img onerror unicode escapes', ({ js }) => `<img src=x onerror=${js.replace('alert', '\\u0061lert')}>`],
  ['img onerror fromCharCode', ({ js }) => `<img src=x onerror=eval(String.fromCharCode(${charCodes(js)}))>`],
  ['img onerror atob', ({ js }) => `<img src=x onerror=eval(atob('${base64(js)}'))>`],
  ['img onerror split names', ({ js }) => `<img src=x onerror="window['al'+'ert'](0);${js}">`],
  ['malformed img quotes', ({ js }) => `<IMG """><SCRIPT>${js}</SCRIPT>">`],
  ['unclosed img', ({ js }) => `<img src=x onerror=${js}//`],
  ['slash-separated img', ({ js }) => `<img/src="x"/onerror="${js}">`],
  ['img attributes without space', ({ js }) => `<img src="x"onerror="${js}">`],
  ['img onerror grave accents', ({ js }) => `<img src=x onerror=\`${js}\`>`],
  ['img empty src onmouseover', ({ js }) => `<img src= onmouseover="${js}">`],
  ['img slash src onerror', ({ js }) => `<img src=/ onerror="${js}"></img>`],
  ['IMG src javascript', ({ url }) => `<IMG SRC="${url}">`],
  ['IMG src mixed-case javascript', ({ js }) => `<IMG SRC=JaVaScRiPt:${js}>`],
  ['img srcset onerror', ({ js }) => `<img srcset=x onerror=${js}>`],
  ['picture source img', ({ js }) => `<picture><source srcset=x><img src=x onerror=${js}></picture>`],
  ['image alias of img', ({ js }) => `<image src=x onerror=${js}>`],
  ['double brackets img', ({ js }) => `<<img src=x onerror=${js}>>`],
  ['input type image', ({ js }) => `<input type=image src=x onerror=${js}>`],
  ['isindex', ({ js }) => `<isindex type=image src=1 onerror=${js}>`],

  // SVG.
  ['svg onload', ({ js }) => `<svg onload=${js}>`],
  ['svg/onload', ({ js }) => `<svg/onload=${js}>`],
  ['svg animate onbegin', ({ js }) => `<svg><animate onbegin=${js} attributeName=x dur=1s>`],
  ['svg set onbegin', ({ js }) => `<svg><set onbegin=${js} attributeName=x to=1>`],
  ['svg animate href', ({ url }) => `<svg><animate attributeName=href values="${url}"/><a><text y=20>go</text></a></svg>`],
  ['svg a xlink:href', ({ url }) => `<svg><a xlink:href="${url}"><text x="20" y="20">go</text></a></svg>`],
  ['svg foreignObject img', ({ js }) => `<svg><foreignObject><img src=x onerror=${js}></foreignObject></svg>`],
  ['svg image onerror', ({ js }) => `<svg><image href=x onerror=${js}>`],
  [
    'svg use data URL',
    ({ js }) =>
      `<svg><use href="data:image/svg+xml;base64,${base64(`<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='1' onerror='${js}'/></svg>`)}#x"/></svg>`,
  ],
  ['svg style breakout', ({ js }) => `<svg><style><img src=x onerror=${js}></style></svg>`],
  ['svg CDATA', ({ js }) => `<svg><![CDATA[><img src=x onerror=${js}>]]></svg>`],

  // Body, frames and other elements.
  ['body onload', ({ js }) => `<body onload=${js}>`],
  ['BODY ONPAGESHOW', ({ js }) => `<BODY ONPAGESHOW=${js}>`],
  ['body background', ({ url }) => `<body background="${url}">`],
  ['frameset onload', ({ js }) => `<frameset onload=${js}>`],
  ['iframe javascript src', ({ url }) => `<iframe src="${url}"></iframe>`],
  ['iframe srcdoc', ({ js }) => `<iframe srcdoc="<script>${js}</script>"></iframe>`],
  ['iframe srcdoc entities', ({ js }) => `<iframe srcdoc="&lt;img src=x onerror=${js}&gt;"></iframe>`],
  ['iframe onload', ({ js }) => `<iframe onload=${js}></iframe>`],
  ['iframe data URL', ({ js }) => `<iframe src="data:text/html;base64,${base64(`<script>${js}</script>`)}"></iframe>`],
  ['details ontoggle', ({ js }) => `<details open ontoggle=${js}>`],
  ['details/open/ontoggle', ({ js }) => `<details/open/ontoggle="${js}">`],
  ['video source onerror', ({ js }) => `<video><source onerror="${js}"></video>`],
  ['video onerror', ({ js }) => `<video src=x onerror=${js}></video>`],
  ['audio onerror', ({ js }) => `<audio src=x onerror=${js}>`],
  ['input autofocus onfocus', ({ js }) => `<input autofocus onfocus=${js}>`],
  ['select autofocus onfocus', ({ js }) => `<select autofocus onfocus=${js}></select>`],
  ['textarea autofocus onfocus', ({ js }) => `<textarea autofocus onfocus=${js}></textarea>`],
  ['keygen autofocus onfocus', ({ js }) => `<keygen autofocus onfocus=${js}>`],
  ['contenteditable onfocus', ({ js }) => `<div contenteditable autofocus onfocus=${js}>edit</div>`],
  ['marquee onstart', ({ js }) => `<marquee onstart=${js}>scroll</marquee>`],
  ['style onload', ({ js }) => `<style onload=${js}></style>`],
  ['custom element onpointerenter', ({ js }) => `<xss onpointerenter=${js} style=display:block>hover</xss>`],
  ['div onmouseover', ({ js }) => `<div onmouseover="${js}">hover</div>`],
  ['p onclick', ({ js }) => `<p onclick=${js}>click</p>`],
  ['a onmouseover', ({ js }) => `<a onmouseover=${js}>link</a>`],
  ['a javascript void onclick', ({ js }) => `<a href="javascript:void(0)" onclick="${js}">link</a>`],
  ['object javascript data', ({ url }) => `<object data="${url}"></object>`],
  ['object data URL', ({ js }) => `<object data="data:text/html;base64,${base64(`<script>${js}</script>`)}"></object>`],
  ['embed javascript src', ({ url }) => `<embed src="${url}">`],
  ['embed data URL', ({ js }) => `<embed src="data:text/html;base64,${base64(`<script>${js}</script>`)}">`],
  ['math href', ({ url }) => `<math href="${url}">click</math>`],
  ['table background', ({ url }) => `<table background="${url}"><tr><td>x</td></tr></table>`],
  ['td background', ({ url }) => `<table><tr><td background="${url}">x</td></tr></table>`],

  // Links and forms.
  ['a javascript href', ({ url }) => `<a href="${url}">link</a>`],
  ['a mixed-case scheme', ({ js }) => `<a href="JaVaScRiPt:${js}">link</a>`],
  ['a embedded tab entity', ({ js }) => `<a href="jav&#x09;ascript:${js}">link</a>`],
  ['a embedded newline entity', ({ js }) => `<a href="jav&#x0A;ascript:${js}">link</a>`],
  ['a embedded carriage return entity', ({ js }) => `<a href="jav&#x0D;ascript:${js}">link</a>`],
  ['a named Tab entity', ({ js }) => `<a href="ja&Tab;vascript:${js}">link</a>`],
  ['a named NewLine entity', ({ js }) => `<a href="javas&NewLine;cript:${js}">link</a>`],
  ['a leading space entity', ({ js }) => `<a href="&#x20;javascript:${js}">link</a>`],
  ['a leading spaces', ({ js }) => `<a href="   javascript:${js}">link</a>`],
  ['a null entity in scheme', ({ js }) => `<a href="java&#0;script:${js}">link</a>`],
  ['a colon entity', ({ js }) => `<a href="javascript&colon;${js}">link</a>`],
  ['a decimal entity scheme', ({ js }) => `<a href="${decimal('javascript:')}${js}">link</a>`],
  ['a padded decimal scheme without semicolons', ({ js }) => `<a href="${decimalPadded('javascript:')}${js}">link</a>`],
  ['a hex scheme without semicolons', ({ js }) => `<a href="${hexBare('javascript:')}${js}">link</a>`],
  ['a URL-encoded scheme', ({ url }) => `<a href="${percent(url)}">link</a>`],
  ['a URL-encoded code', ({ js }) => `<a href="javascript:${percent(js)}">link</a>`],
  ['a data URL', ({ js }) => `<a href="data:text/html;base64,${base64(`<script>${js}</script>`)}">link</a>`],
  ['a vbscript', ({ js }) => `<a href="vbscript:${js}">link</a>`],
  ['a target blank javascript', ({ url }) => `<a href="${url}" target=_blank>link</a>`],
  ['button formaction', ({ url }) => `<form><button formaction="${url}">go</button></form>`],
  ['input formaction', ({ url }) => `<form><input type=submit formaction="${url}" value=go></form>`],
  ['form action', ({ url }) => `<form action="${url}"><input type=submit></form>`],
  ['base href', ({ url }) => `<base href="${url}//"><a href="/x">link</a>`],
  ['meta refresh javascript', ({ url }) => `<meta http-equiv="refresh" content="0;url=${url}">`],
  [
    'meta refresh data URL',
    ({ js }) => `<meta http-equiv="refresh" content="0;url=data:text/html;base64,${base64(`<script>${js}</script>`)}">`,
  ],
  ['link stylesheet javascript', ({ url }) => `<link rel=stylesheet href="${url}">`],

  // Styles.
  ['style expression', ({ js }) => `<div style="width:expression(${js})">x</div>`],
  ['style url javascript', ({ url }) => `<div style="background-image:url(${url})">x</div>`],
  ['span style expression', ({ js }) => `<span style="x:expression(${js})">x</span>`],
  ['style import javascript', ({ url }) => `<style>@import '${url}';</style>`],
  ['style block url javascript', ({ url }) => `<style>body{background:url("${url}")}</style>`],
  ['p style with breakout', ({ js }) => `<p style="color:red;&quot;&gt;&lt;img src=x onerror=${js}&gt;">x</p>`],

  // Attribute and context breakouts.
  ['double-quote breakout svg', ({ js }) => `"><svg onload=${js}>`],
  ['single-quote breakout img', ({ js }) => `'><img src=x onerror=${js}>`],
  ['double-quote attribute injection', ({ js }) => `" onmouseover="${js}`],
  ['single-quote autofocus injection', ({ js }) => `' autofocus onfocus='${js}`],
  ['paragraph breakout', ({ js }) => `</p><img src=x onerror=${js}>`],
  ['comment breakout', ({ js }) => `--><img src=x onerror=${js}>`],
  ['comment inside attribute', ({ js }) => `<!--<img src="--><img src=x onerror=${js}//">`],
  ['conditional comment', ({ js }) => `<!--[if gte IE 4]><script>${js}</script><![endif]-->`],
  ['CDATA in HTML', ({ js }) => `<![CDATA[<img src=x onerror=${js}>]]>`],
  ['escaped angle brackets', ({ js }) => `\\<a onmouseover="${js}"\\>link\\</a\\>`],

  // Mutation XSS: markup that changes meaning when serialized and parsed again.
  ['noscript title mXSS', ({ js }) => `<noscript><p title="</noscript><img src=x onerror=${js}>">`],
  ['template img', ({ js }) => `<template><img src=x onerror=${js}></template>`],
  ['noembed title mXSS', ({ js }) => `<noembed><img title="</noembed><img src=x onerror=${js}>"></noembed>`],
  ['noframes title mXSS', ({ js }) => `<noframes><img title="</noframes><img src=x onerror=${js}>"></noframes>`],
  ['xmp title mXSS', ({ js }) => `<xmp><img title="</xmp><img src=x onerror=${js}>"></xmp>`],
  ['listing entities mXSS', ({ js }) => `<listing>&lt;img src=x onerror=${js}&gt;</listing>`],
  ['svg p style mXSS', ({ js }) => `<svg></p><style><a id="</style><img src=x onerror=${js}>">`],
  ['math mglyph style mXSS', ({ js }) => `<math><mtext><table><mglyph><style><img src=x onerror=${js}>`],
  [
    'math textarea path mXSS',
    ({ js }) => `<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=${js} src=1>">`,
  ],
  ['nested form mXSS', ({ js }) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${js}>`],
  [
    'select template mXSS',
    ({ js }) => `<select><template><style><!--</style><img src=x onerror=${js}>--></style></template></select>`,
  ],

  // Handlers on the tags the rich-text editor itself produces, which the server's allowlist keeps.
  ['p onmouseover', ({ js }) => `<p onmouseover="${js}">hover</p>`],
  ['span style onerror', ({ js }) => `<span style="color:red" onerror="${js}">x</span>`],
  ['strong onclick', ({ js }) => `<strong onclick=${js}>bold</strong>`],
  ['a https onfocus', ({ js }) => `<a href="https://example.com" onfocus="${js}" autofocus>link</a>`],
  ['mark onpointerenter', ({ js }) => `<mark data-color="#ff0" onpointerenter=${js}>mark</mark>`],
  ['ol onanimationstart', ({ js }) => `<ol start=1 onanimationstart=${js}><li>item</li></ol>`],
  ['h3 onerror', ({ js }) => `<h3 onerror=${js}>title</h3>`],
  ['blockquote onmouseenter', ({ js }) => `<blockquote onmouseenter="${js}">quote</blockquote>`],

  // The slide editor's links, inline code and highlighted code blocks (issue 22), which the allowlist keeps.
  ['h2 onclick', ({ js }) => `<h2 onclick=${js}>heading</h2>`],
  [
    'a https style overlay onclick',
    ({ js }) => `<a href="https://example.com" style="position:fixed;inset:0" onclick=${js}>link</a>`,
  ],
  ['a mailto attribute breakout', ({ js }) => `<a href="mailto:a@b.c&quot; onclick=&quot;${js}">mail</a>`],
  ['a protocol-relative javascript', ({ js }) => `<a href="//javascript:${js}">link</a>`],
  [
    'code class attribute breakout',
    ({ js }) => `<pre><code class="language-python&quot; onmouseover=&quot;${js}">x = 1</code></pre>`,
  ],
  ['code block escaped markup', ({ js }) => `<pre><code class="language-python">&lt;img src=x onerror=${js}&gt;</code></pre>`],
  ['code block closing breakout', ({ js }) => `<pre><code class="language-python">x</code></pre><img src=x onerror=${js}>`],
  [
    'forged token span handler',
    ({ js }) => `<pre><code class="language-javascript"><span class="hljs-keyword" onmouseover=${js}>let</span></code></pre>`,
  ],
  [
    'nested code block mXSS',
    ({ js }) => `<pre><code class="language-python"><pre><code>a</code></pre><img src=x onerror=${js}></code></pre>`,
  ],
  ['inline code autofocus onfocus', ({ js }) => `<code class="language-python" tabindex=0 autofocus onfocus=${js}>x</code>`],
  [
    'code block style breakout',
    ({ js }) => `<pre><code class="language-css"></code><style>*{}</style><img src=x onerror=${js}></pre>`,
  ],
];

export const XSS_PAYLOADS: XssPayload[] = templates.map(([name, make], index) => {
  const id = index + 1;
  const js = `alert(${id});top.__xss=${id}`;
  return { id, name, html: make({ js, url: `javascript:${js}` }) };
});
