import { NOTEBOOK_MAX_BYTES } from '#shared/schemas/uploads';
import type { ObjectStore } from '../object-store/object-store';
import { drawNotebook } from './draw-notebook';
import { NotebookFormatError, parseNotebook } from './notebook-format';
import { escapeHtml } from './notebook-html';

const OBJECT_PATH_PREFIX = '/objects/';
/** Characters of drawings held; past it the oldest go. A drawing is at most a few MB (its images). */
export const DRAWINGS_HELD_MAX_CHARS = 64 * 1024 * 1024;

export type NotebookDrawings = {
  /** The notebook's bytes, null when the store has none. */
  read(objectPath: string): Promise<Buffer | null>;
  /** The notebook drawn as HTML, null when the store has none. */
  draw(objectPath: string): Promise<string | null>;
};

/**
 * Drawings kept per object path. An uploaded object never changes (a key is never reused), so a
 * drawing never goes stale: a slide given another notebook names another path. Drawing a notebook
 * costs up to a few hundred milliseconds of one core (parsing, highlighting, sanitizing), once per
 * instance instead of per view; a drawing asked for twice while it is drawn is drawn once.
 */
export function createNotebookDrawings({
  store,
  maxChars = DRAWINGS_HELD_MAX_CHARS,
}: {
  store: ObjectStore;
  maxChars?: number;
}): NotebookDrawings {
  const held = new Map<string, string>();
  let heldChars = 0;
  const drawing = new Map<string, Promise<string | null>>();

  async function read(objectPath: string): Promise<Buffer | null> {
    if (!objectPath.startsWith(OBJECT_PATH_PREFIX)) return null;
    const object = await store.get({ key: objectPath.slice(OBJECT_PATH_PREFIX.length) });
    if (!object) return null;
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of object.body as AsyncIterable<Buffer>) {
      length += chunk.length;
      // Uploads are capped at this; a larger object was not put there by an upload.
      if (length > NOTEBOOK_MAX_BYTES) {
        object.body.destroy();
        throw new NotebookFormatError('The notebook is larger than 5 MB');
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, length);
  }

  function keep(objectPath: string, html: string) {
    held.set(objectPath, html);
    heldChars += html.length;
    for (const [path, old] of held) {
      if (heldChars <= maxChars) break;
      held.delete(path);
      heldChars -= old.length;
    }
  }

  async function drawFresh(objectPath: string): Promise<string | null> {
    const bytes = await read(objectPath);
    if (bytes === null) return null;
    let html: string;
    try {
      html = drawNotebook(parseNotebook(bytes));
    } catch (error) {
      // Uploads are checked whole, so only a row written past the API gets here: it says so, once.
      if (!(error instanceof NotebookFormatError)) throw error;
      html = `<p class="notebook-note">${escapeHtml(`This notebook cannot be shown. ${error.message}`)}</p>`;
    }
    keep(objectPath, html);
    return html;
  }

  return {
    read,
    draw(objectPath) {
      const found = held.get(objectPath);
      if (found !== undefined) {
        // Most recently used goes last, so the oldest unused drawing is the one dropped.
        held.delete(objectPath);
        held.set(objectPath, found);
        return Promise.resolve(found);
      }
      let pending = drawing.get(objectPath);
      if (!pending) {
        pending = drawFresh(objectPath).finally(() => drawing.delete(objectPath));
        drawing.set(objectPath, pending);
      }
      return pending;
    },
  };
}
