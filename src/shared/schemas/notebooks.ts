import { z } from 'zod';

/** A notebook slide as Learn shows it (docs/product.md, Notebooks). */
export const NotebookViewSchema = z.object({
  /** The cells drawn by the server with the notebook allowlist (src/shared/notebook-html.ts); empty for a notebook without cells. */
  html: z.string(),
  /** The .ipynb itself, with the same access as the slide (send the bearer token). */
  downloadUrl: z.string(),
});
export type NotebookView = z.infer<typeof NotebookViewSchema>;
