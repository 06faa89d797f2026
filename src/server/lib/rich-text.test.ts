import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { seedCourses } from '#db/seed/courses/index';
import { XSS_PAYLOADS } from '#tests/e2e/xss-payloads';
import { HIGHLIGHT_BUDGET } from './highlight-code';
import { sanitizeRichText, sanitizeStoredRichText } from './rich-text';

const store = (html: string) => sanitizeRichText(html, 'content');

describe('sanitizeRichText: the slide editor of issue 22', () => {
  it('keeps headings, both kinds of list, inline code and blocks', () => {
    const html =
      '<h2>Arrays</h2><h3>Shapes</h3><ul><li>one</li></ul><ol start="2"><li>two</li></ol><p>Call <code>np.dot</code></p>';
    expect(store(html)).toBe(html);
  });

  it('keeps http(s) and mailto links, with rel noopener nofollow, a new tab and no style or handlers', () => {
    expect(store('<p><a href="https://numpy.org/doc" style="color:red" onclick="steal()" class="x">docs</a></p>')).toBe(
      '<p><a href="https://numpy.org/doc" rel="noopener noreferrer nofollow" target="_blank">docs</a></p>',
    );
    expect(store('<a href="mailto:ada@example.com">mail</a>')).toContain('href="mailto:ada@example.com"');
    expect(store('<a href="http://example.com" rel="opener" target="_self">x</a>')).toBe(
      '<a href="http://example.com" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });

  it('turns links to anything else into plain text: javascript:, data:, relative and protocol-relative', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'jav&#x09;ascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:x',
      '/course/1',
      '//evil.example/x',
      'https:/evil',
    ]) {
      expect(store(`<p><a href="${href}">go</a></p>`), href).toBe('<p><span>go</span></p>');
    }
  });

  it('highlights a code block of a named language into token spans, its text unchanged', () => {
    const stored = store('<pre><code class="language-python">def relu(x):\n    return max(0, x)  # &lt;b&gt;</code></pre>');
    expect(stored).toContain('<pre><code class="language-python"><span class="hljs-keyword">def</span>');
    expect(stored).toContain('<span class="hljs-title function_">relu</span>');
    expect(stored).toContain('<span class="hljs-comment"># &lt;b&gt;</span>');
    expect(stored.replace(/<[^>]*>/g, '')).toBe('def relu(x):\n    return max(0, x)  # &lt;b&gt;');
  });

  it('highlights again from the text when a stored slide comes back from the editor, dropping sent tokens', () => {
    const once = store('<pre><code class="language-javascript">const x = "a";</code></pre>');
    // The editor drops the spans; a hand-made request may keep or forge them.
    const forged = once
      .replace('hljs-keyword', 'hljs-keyword evil')
      .replace('<span class="hljs-string">', '<span onclick="x()">');
    expect(store(forged)).toBe(once);
    expect(store(once)).toBe(once);
  });

  it('keeps only known languages and token classes', () => {
    expect(store('<pre><code class="language-evil onclick hljs">x = 1</code></pre>')).toBe('<pre><code>x = 1</code></pre>');
    expect(store('<p><span class="hljs-keyword evil">k</span><code class="language-python x">i</code></p>')).toBe(
      '<p><span class="hljs-keyword">k</span><code class="language-python">i</code></p>',
    );
  });

  it('shows a block without a language plain unless its language is plain to see', () => {
    expect(store('<pre><code>Some words, not code.</code></pre>')).toBe('<pre><code>Some words, not code.</code></pre>');
    expect(store('<pre><code>import numpy as np\n\ndef f(x):\n    return np.sum(x)\n</code></pre>')).toContain('hljs-keyword');
  });

  it('highlights no more than its budget of code, and leaves the rest plain', () => {
    const block = `<pre><code class="language-python">${'x = 1\n'.repeat(HIGHLIGHT_BUDGET / 6 + 1)}</code></pre>`;
    const stored = store(`<pre><code class="language-python">y = 2</code></pre>${block}`);
    expect(stored).toContain('<span class="hljs-number">2</span>');
    expect(stored.split('hljs-number').length).toBe(2);
  });

  it('never lets markup out of a code block', () => {
    const stored = store(
      '<pre><code class="language-plaintext">&lt;/code&gt;&lt;/pre&gt;&lt;img src=x onerror=alert(1)&gt;</code></pre>',
    );
    expect(stored).not.toMatch(/<img|onerror=alert\(1\)"/);
    expect(stored).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const nested = store(
      '<pre><code class="language-python"><pre><code>a</code></pre><img src=x onerror=alert(1)>b</code></pre>',
    );
    expect(nested).not.toMatch(/<img|onerror/);
  });

  it('keeps stored tokens when the read cache loads a row', () => {
    const stored = store('<pre><code class="language-sql">SELECT 1;</code></pre>');
    expect(sanitizeStoredRichText(stored)).toBe(stored);
  });

  it("highlights the demo courses' code, every block marked with a language, their text unchanged", () => {
    const text = (html: string) => html.replace(/<[^>]*>/g, '');
    for (const course of seedCourses) {
      let highlighted = 0;
      for (const item of course.items) {
        if (item.kind !== 'module') continue;
        for (const lesson of item.lessons) {
          expect(lesson.content, lesson.title).not.toContain('<pre><code>');
          const stored = store(lesson.content);
          expect(text(stored), lesson.title).toBe(text(lesson.content));
          const blocks = stored.match(/<pre><code class="language-python">[\s\S]*?<\/code><\/pre>/g) ?? [];
          highlighted += blocks.filter((block) => block.includes('<span class="hljs-')).length;
        }
      }
      expect(highlighted, course.title).toBeGreaterThanOrEqual(1);
    }
  });

  it('stores no payload of the XSS corpus in a form that could run, alone or inside a code block', () => {
    const allowed: Record<string, string[]> = {
      span: ['style', 'class'],
      mark: ['style', 'data-color'],
      p: ['style'],
      a: ['href', 'rel', 'target'],
      ol: ['start'],
      code: ['class'],
    };
    for (const payload of XSS_PAYLOADS) {
      for (const html of [payload.html, `<pre><code class="language-python">${payload.html}</code></pre>`]) {
        const elements: { tag: string; attributes: Record<string, string> }[] = [];
        const parser = new Parser({ onopentag: (tag, attributes) => elements.push({ tag, attributes }) });
        parser.write(store(html));
        parser.end();
        for (const { tag, attributes } of elements) {
          for (const [name, value] of Object.entries(attributes)) {
            expect(allowed[tag] ?? [], `${payload.name}: <${tag} ${name}>`).toContain(name);
            if (name === 'href') expect(value, payload.name).toMatch(/^(https?:\/\/|mailto:)/);
            if (name === 'style')
              expect(value, payload.name).toMatch(/^((font-size|background-color|color):[^;:()]*(\([\d\s.,%]*\))?;?)*$/);
          }
        }
      }
    }
  });
});
