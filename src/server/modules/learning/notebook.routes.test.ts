import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, uploads } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { PNG_BYTES } from '#tests/helpers/media-bytes';
import { hashToken } from '../../lib/tokens';
import { purgeUploads } from '../../lib/upload-purge';

/* docs/product.md, Notebooks: the upload, the slide, the drawing and the download. */

const FIXTURE = readFileSync(new URL('../../../../tests/fixtures/notebook-slide.ipynb', import.meta.url));
const NOTEBOOK_TYPE = 'application/x-ipynb+json';

type Cell = Record<string, unknown>;
const notebook = (cells: Cell[], extra: Record<string, unknown> = {}) =>
  Buffer.from(JSON.stringify({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells, ...extra }));
const codeCell = (source: string, outputs: Cell[] = []) => ({
  cell_type: 'code',
  metadata: {},
  execution_count: null,
  source,
  outputs,
});

describe('notebook slides', () => {
  let t: TestApp;
  let creator: TestUser;
  let otherCreator: TestUser;
  let student: TestUser;
  let enrolled: TestUser;
  let moduleId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [creator, otherCreator, student, enrolled] = await Promise.all([
      createUser(t.db.db, { role: 'creator' }),
      createUser(t.db.db, { role: 'creator' }),
      createUser(t.db.db),
      createUser(t.db.db),
    ]);
    const course = await createCourse(t.db.db, creator.id, { priceCents: 4_900 });
    moduleId = (await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 })).module.id;
    await enroll(t.db.db, enrolled.id, course.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function grant(user: TestUser = creator, kind: 'notebook' | 'image' = 'notebook') {
    const response = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: bearer(user), payload: { kind } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { uploadURL: string }).uploadURL;
  }
  async function rowOf(uploadURL: string) {
    const [row] = await t.db.db
      .select()
      .from(uploads)
      .where(eq(uploads.grantHash, hashToken(uploadURL.split('/').at(-1) ?? '')));
    return row;
  }
  const put = (uploadURL: string, body: Buffer, contentType = NOTEBOOK_TYPE) =>
    t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': contentType }, payload: body });
  async function uploadNotebook(user: TestUser = creator, body: Buffer = FIXTURE) {
    const uploadURL = await grant(user);
    const stored = await put(uploadURL, body);
    expect(stored.statusCode, stored.body).toBe(200);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/course-thumbnails',
      headers: bearer(user),
      payload: { thumbnailURL: uploadURL },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return (saved.json() as { objectPath: string }).objectPath;
  }
  const createSlide = (payload: Record<string, unknown>, user: TestUser = creator) =>
    t.app.inject({ method: 'POST', url: `/api/modules/${moduleId}/lessons`, headers: bearer(user), payload });
  async function notebookSlide(body: Buffer = FIXTURE) {
    const notebookUrl = await uploadNotebook(creator, body);
    const created = await createSlide({ title: 'Gradient descent, by hand', type: 'notebook', notebookUrl });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string; notebookUrl: string };
  }
  const drawing = async (lessonId: string, user: TestUser = enrolled) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/lessons/${lessonId}/notebook`, headers: bearer(user) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { html: string; downloadUrl: string };
  };

  describe('upload', () => {
    it('stores a valid nbformat 4 notebook sent as application/x-ipynb+json', async () => {
      const objectPath = await uploadNotebook();
      expect(objectPath).toMatch(/^\/objects\/notebooks\/[0-9a-f-]{36}$/);
      const served = await t.app.inject({ method: 'GET', url: objectPath });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(NOTEBOOK_TYPE);
      // Never shown inline by the browser: the file is for downloading.
      expect(served.headers['content-disposition']).toBe('attachment');
    });

    it.each([
      ['not JSON', Buffer.from('{"nbformat": 4, "cells": ['), /not valid JSON/],
      ['JSON but not an object', Buffer.from('[1, 2, 3]'), /not a JSON object/],
      ['nbformat 3', Buffer.from(JSON.stringify({ nbformat: 3, nbformat_minor: 0, worksheets: [] })), /nbformat 3/],
      ['no nbformat', Buffer.from(JSON.stringify({ cells: [] })), /no nbformat/],
      [
        'a cell of an unknown type',
        notebook([{ cell_type: 'widget', source: '' }]),
        /cell 1, cell_type must be a markdown, code or raw cell/,
      ],
      ['a cell whose source is a number', notebook([{ cell_type: 'markdown', source: 42 }]), /cell 1, source must be text/],
      ['cells that are not a list', notebook([]).toString().replace('"cells":[]', '"cells":{}'), /cells must be a list/],
      [
        'an output of an unknown type',
        notebook([codeCell('x', [{ output_type: 'widget_state' }])]),
        /cell 1, output 1, output_type must be an output of type stream/,
      ],
      [
        'an error output without a traceback list',
        notebook([
          { cell_type: 'markdown', source: '' },
          codeCell('1/0', [{ output_type: 'error', ename: 'E', evalue: 'v', traceback: 'x' }]),
        ]),
        /cell 2, output 1, traceback must be a list of lines/,
      ],
    ])('refuses %s with a 400 saying why, keeping nothing', async (_name, body, message) => {
      const uploadURL = await grant();
      const response = await put(uploadURL, Buffer.isBuffer(body) ? body : Buffer.from(body));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(message);
      const row = await rowOf(uploadURL);
      expect(row?.completedAt).toBeNull();
      expect(row?.sizeBytes).toBeNull();
      expect(await t.app.objectStore.stat(row?.objectKey ?? '')).toBeNull();
      // Not finished, so no slide can name it.
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/course-thumbnails',
        headers: bearer(creator),
        payload: { thumbnailURL: uploadURL },
      });
      expect(saved.statusCode).toBe(409);
    });

    it('refuses a notebook over 5 MB with 413, whether its length is declared or not', async () => {
      const big = notebook([{ cell_type: 'markdown', source: 'x'.repeat(5 * 1024 * 1024) }]);
      const declared = await put(await grant(), big);
      expect(declared.statusCode, declared.body).toBe(413);
      expect(declared.json().message).toBe('The file is larger than 5 MB');
      const { Readable } = await import('node:stream');
      const chunked = await t.app.inject({
        method: 'PUT',
        url: await grant(),
        headers: { 'content-type': NOTEBOOK_TYPE, 'transfer-encoding': 'chunked' },
        payload: Readable.from([big.subarray(0, 3_000_000), big.subarray(3_000_000)]),
      });
      expect(chunked.statusCode, chunked.body).toBe(413);
    });

    it('takes a notebook only on a notebook address, and only as application/x-ipynb+json', async () => {
      const onImage = await put(await grant(creator, 'image'), FIXTURE);
      expect(onImage.statusCode).toBe(415);
      const asJson = await put(await grant(), FIXTURE, 'application/json');
      expect(asJson.statusCode).toBe(415);
      expect(asJson.json().message).toMatch(/notebook \(application\/x-ipynb\+json\)/);
      const pngAsNotebook = await put(await grant(), PNG_BYTES);
      expect(pngAsNotebook.statusCode).toBe(400);
      const imageOnNotebook = await put(await grant(), PNG_BYTES, 'image/png');
      expect(imageOnNotebook.statusCode).toBe(415);
      expect(imageOnNotebook.json().message).toBe('Send a Jupyter notebook (.ipynb) as application/x-ipynb+json');
    });

    it('takes a notebook whose HTML output holds a script: it is stored as sent and never runs when drawn', async () => {
      const withScript = notebook([
        codeCell('display(HTML(x))', [
          {
            output_type: 'display_data',
            metadata: {},
            data: { 'text/html': ['<b>bold</b><script>alert(1)</script>'], 'application/javascript': 'alert(2)' },
          },
        ]),
      ]);
      const slide = await notebookSlide(withScript);
      const { html } = await drawing(slide.id);
      expect(html).toContain('<b>bold</b>');
      expect(html).not.toMatch(/script|alert/i);
    });
  });

  describe('slides', () => {
    it("takes the creator's own finished notebook, and lessons carry its signed notebookUrl", async () => {
      const slide = await notebookSlide();
      expect(slide.notebookUrl).toMatch(/^\/objects\/notebooks\//);
      const list = await t.app.inject({ method: 'GET', url: `/api/modules/${moduleId}/lessons`, headers: bearer(enrolled) });
      const listed = (list.json() as { id: string; notebookUrl: string | null }[]).find((lesson) => lesson.id === slide.id);
      // Paid-course media: signed for whoever may see the lesson, refused at its bare path.
      expect(listed?.notebookUrl).toMatch(/^\/objects\/notebooks\/[0-9a-f-]{36}\?exp=\d+&sig=/);
      const bare = await t.app.inject({ method: 'GET', url: slide.notebookUrl.split('?')[0] ?? '' });
      expect(bare.statusCode).toBe(403);
      const signed = await t.app.inject({ method: 'GET', url: listed?.notebookUrl ?? '' });
      expect(signed.statusCode).toBe(200);
    });

    it("refuses another creator's notebook, an unfinished one, an image, and a notebook on another slide type", async () => {
      const others = await uploadNotebook(otherCreator);
      const other = await createSlide({ title: 'Theirs', type: 'notebook', notebookUrl: others });
      expect(other.statusCode).toBe(400);
      expect(other.json().errors).toEqual({ notebookUrl: 'Must be a notebook you uploaded' });

      const unfinished = await rowOf(await grant());
      const incomplete = await createSlide({ title: 'Half', type: 'notebook', notebookUrl: `/objects/${unfinished?.objectKey}` });
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.json().errors).toEqual({ notebookUrl: 'Must be a notebook you uploaded' });

      const image = await grant(creator, 'image');
      expect((await put(image, PNG_BYTES, 'image/png')).statusCode).toBe(200);
      const imagePath = (
        await t.app.inject({
          method: 'PUT',
          url: '/api/course-thumbnails',
          headers: bearer(creator),
          payload: { thumbnailURL: image },
        })
      ).json().objectPath as string;
      const imageAsNotebook = await createSlide({ title: 'Picture', type: 'notebook', notebookUrl: imagePath });
      expect(imageAsNotebook.statusCode).toBe(400);

      const own = await uploadNotebook();
      const onText = await createSlide({ title: 'Text', type: 'text', content: '<p>Hi</p>', notebookUrl: own });
      expect(onText.statusCode).toBe(400);
    });

    it("changes a slide's notebook on update, only to the creator's own", async () => {
      const slide = await notebookSlide();
      const replacement = await uploadNotebook(creator, notebook([{ cell_type: 'markdown', source: '# Second version' }]));
      const updated = await t.app.inject({
        method: 'PATCH',
        url: `/api/lessons/${slide.id}`,
        headers: bearer(creator),
        payload: { notebookUrl: replacement },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().notebookUrl).toMatch(new RegExp(`^${replacement}`));
      expect((await drawing(slide.id)).html).toContain('Second version');

      const stolen = await t.app.inject({
        method: 'PATCH',
        url: `/api/lessons/${slide.id}`,
        headers: bearer(creator),
        payload: { notebookUrl: await uploadNotebook(otherCreator) },
      });
      expect(stolen.statusCode).toBe(400);
      const [stored] = await t.db.db.select({ url: lessons.notebookUrl }).from(lessons).where(eq(lessons.id, slide.id));
      expect(stored?.url).toBe(replacement);
    });
  });

  describe('drawing', () => {
    it('draws Markdown, highlighted code as runnable Python blocks, text and image outputs', async () => {
      const slide = await notebookSlide();
      const { html, downloadUrl } = await drawing(slide.id);
      expect(downloadUrl).toBe(`/api/lessons/${slide.id}/notebook/file`);
      // Markdown, its headings below the slide's own title.
      expect(html).toContain('<h3>Gradient descent by hand</h3>');
      expect(html).toContain('<strong>one weight</strong>');
      expect(html).toContain('<li>Start at <code>w = 0</code></li>');
      // The markup Learn's Python runner enhances, highlighted.
      const blocks = html.match(/<pre><code class="language-python">[\s\S]*?<\/code><\/pre>/g) ?? [];
      expect(blocks).toHaveLength(4);
      expect(blocks[0]).toContain('<span class="hljs-keyword">for</span>');
      expect(blocks[0]?.replace(/<[^>]+>/g, '')).toContain('for step in range(50):');
      // Outputs: a stream as text, a PNG with alt text, an HTML table without its script, an error without ANSI colours.
      expect(html).toContain('<pre class="notebook-text">w = 2.000\n</pre>');
      expect(html).toMatch(
        /<img class="notebook-image" src="data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/=]+" alt="Loss curve falling towards zero">/,
      );
      expect(html).toContain('<th>steps</th>');
      expect(html).not.toMatch(/script|pwned/);
      expect(html).toContain('<pre class="notebook-error">ZeroDivisionError: division by zero</pre>');
      expect(html).not.toContain('\u001b');
    });

    it('shows Markdown, HTML and code past their budgets as plain text, so no notebook costs seconds to draw', async () => {
      const hostile = '> *_[`'.repeat(20_000);
      const slide = await notebookSlide(
        notebook([
          { cell_type: 'markdown', metadata: {}, source: '# Drawn' },
          { cell_type: 'markdown', metadata: {}, source: hostile },
          codeCell('("\\"[{'.repeat(20_000), [
            {
              output_type: 'display_data',
              metadata: {},
              data: { 'text/html': '<div><span>'.repeat(20_000), 'text/plain': 'a frame' },
            },
          ]),
        ]),
      );
      const { html } = await drawing(slide.id);
      expect(html).toContain('<h3>Drawn</h3>');
      expect(html).toContain(`<div class="notebook-cell notebook-markdown"><pre class="notebook-text">&gt; *_[\``);
      expect(html).toContain('<pre><code class="language-python">(&quot;\\&quot;[{');
      expect(html).toContain('<pre class="notebook-text">a frame</pre>');
    });

    it('never draws a damaged or mislabelled image, and says so', async () => {
      const slide = await notebookSlide(
        notebook([
          codeCell('plot()', [
            { output_type: 'display_data', metadata: {}, data: { 'image/png': 'not base64 at all!' } },
            { output_type: 'display_data', metadata: {}, data: { 'image/jpeg': PNG_BYTES.toString('base64') } },
            { output_type: 'display_data', metadata: {}, data: { 'image/svg+xml': '<svg onload="alert(1)"/>' } },
          ]),
        ]),
      );
      const { html } = await drawing(slide.id);
      expect(html).not.toContain('<img');
      expect(html).not.toMatch(/onload|alert/);
      expect(html.match(/class="notebook-note"/g)).toHaveLength(3);
    });

    it('draws an empty notebook as nothing, and answers 404 for a slide without a notebook', async () => {
      const slide = await notebookSlide(notebook([]));
      expect((await drawing(slide.id)).html).toBe('');
      const text = await createSlide({ title: 'Text', type: 'text', content: '<p>Hi</p>' });
      const none = await t.app.inject({
        method: 'GET',
        url: `/api/lessons/${text.json().id}/notebook`,
        headers: bearer(enrolled),
      });
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('This slide has no notebook');
    });
  });

  describe('XSS corpus', () => {
    it('draws no payload in a form that could run: in Markdown, in HTML and text outputs, in code and errors', async () => {
      const { XSS_PAYLOADS } = await import('#tests/e2e/xss-payloads');
      const cells = XSS_PAYLOADS.flatMap((payload) => [
        { cell_type: 'markdown', metadata: {}, source: [payload.html, '\n\n', `[link](${payload.html})`] },
        codeCell(payload.html, [
          { output_type: 'stream', name: 'stdout', text: payload.html },
          { output_type: 'execute_result', execution_count: 1, metadata: {}, data: { 'text/html': payload.html } },
          { output_type: 'display_data', metadata: {}, data: { 'text/markdown': payload.html } },
          { output_type: 'error', ename: payload.html, evalue: payload.html, traceback: [payload.html] },
        ]),
      ]);
      const slide = await notebookSlide(notebook(cells, { metadata: { language_info: { name: 'python' } } }));
      const { html } = await drawing(slide.id);
      const allowed: Record<string, string[]> = {
        div: ['class'],
        pre: ['class'],
        p: ['class'],
        span: ['class'],
        code: ['class'],
        a: ['href', 'rel', 'target'],
        img: ['src', 'alt', 'class'],
        ol: ['start'],
        mark: ['data-color'],
      };
      let elements = 0;
      const parser = new Parser({
        onopentag(tag, attributes) {
          elements++;
          expect(['script', 'style', 'iframe', 'svg', 'math', 'object', 'embed', 'form', 'input']).not.toContain(tag);
          for (const [name, value] of Object.entries(attributes)) {
            expect(allowed[tag] ?? [], `<${tag} ${name}>`).toContain(name);
            if (name === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:)/);
            if (name === 'src') expect(value).toMatch(/^(data:image\/(png|jpeg);base64,|https:\/\/)/);
          }
        },
      });
      parser.write(html);
      parser.end();
      expect(elements).toBeGreaterThan(XSS_PAYLOADS.length * 4);
    });
  });

  describe('download and access', () => {
    it('downloads the .ipynb as uploaded, named after the slide', async () => {
      const slide = await notebookSlide();
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/lessons/${slide.id}/notebook/file`,
        headers: bearer(enrolled),
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(NOTEBOOK_TYPE);
      expect(file.headers['content-disposition']).toBe('attachment; filename="gradient-descent-by-hand.ipynb"');
      expect(file.rawPayload.equals(FIXTURE)).toBe(true);
    });

    it('gives the drawing and the file to the owner and enrolled students only', async () => {
      const slide = await notebookSlide();
      const admin = await createUser(t.db.db, { role: 'admin' });
      for (const url of [`/api/lessons/${slide.id}/notebook`, `/api/lessons/${slide.id}/notebook/file`]) {
        const status = async (user: TestUser | null) =>
          (await t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} })).statusCode;
        expect(await status(null)).toBe(401);
        expect(await status(student)).toBe(403);
        expect(await status(otherCreator)).toBe(403);
        expect(await status(admin)).toBe(403);
        expect(await status(enrolled)).toBe(200);
        expect(await status(creator)).toBe(200);
      }
    });
  });

  describe('orphaned uploads', () => {
    it("purges a notebook no slide names once it is a day old, and keeps a slide's notebook", async () => {
      const slide = await notebookSlide();
      const kept = slide.notebookUrl.split('?')[0] ?? '';
      const unused = await uploadNotebook();
      const result = await purgeUploads({
        db: t.db.db,
        store: t.app.objectStore,
        now: Date.now() + 2 * 86_400_000,
        orphanAfterMs: 86_400_000,
      });
      expect(result.orphaned).toBeGreaterThanOrEqual(1);
      expect(await t.app.objectStore.stat(kept.slice('/objects/'.length))).not.toBeNull();
      expect(await t.app.objectStore.stat(unused.slice('/objects/'.length))).toBeNull();
      expect((await drawing(slide.id)).html).toContain('Gradient descent by hand');
    });
  });
});
