import { z } from 'zod';

/*
 * The part of Jupyter's nbformat 4 a notebook slide shows (docs/product.md, Notebooks): cells of the
 * three types with their text, and code cells' outputs of the four output types. Anything the format
 * allows besides (metadata, attachments, ids) passes unread; anything else is refused whole.
 */

/** Text in nbformat is one string or a list of lines. */
const MultilineText = z.union([z.string(), z.array(z.string())], {
  error: 'must be text or a list of lines',
});

/** A MIME bundle: text types hold text; JSON types may hold any JSON, which is never shown. */
const MimeBundle = z.record(z.string(), z.unknown(), { error: 'must be an object of media types' });

const StreamOutput = z.looseObject({
  output_type: z.literal('stream'),
  name: z.string({ error: 'must name its stream' }),
  text: MultilineText,
});
const DisplayDataOutput = z.looseObject({ output_type: z.literal('display_data'), data: MimeBundle });
const ExecuteResultOutput = z.looseObject({ output_type: z.literal('execute_result'), data: MimeBundle });
const ErrorOutput = z.looseObject({
  output_type: z.literal('error'),
  ename: z.string({ error: 'must name the error' }),
  evalue: z.string({ error: 'must hold the error value' }),
  traceback: z.array(z.string(), { error: 'must be a list of lines' }),
});
const OUTPUT_TYPES = ['stream', 'display_data', 'execute_result', 'error'];
const Output = z.discriminatedUnion('output_type', [StreamOutput, DisplayDataOutput, ExecuteResultOutput, ErrorOutput], {
  error: `must be an output of type ${OUTPUT_TYPES.join(', ')}`,
});

const MarkdownCell = z.looseObject({ cell_type: z.literal('markdown'), source: MultilineText });
const RawCell = z.looseObject({ cell_type: z.literal('raw'), source: MultilineText });
const CodeCell = z.looseObject({
  cell_type: z.literal('code'),
  source: MultilineText,
  outputs: z.array(Output, { error: 'must be a list of outputs' }),
});
const Cell = z.discriminatedUnion('cell_type', [MarkdownCell, CodeCell, RawCell], {
  error: 'must be a markdown, code or raw cell',
});

const NotebookSchema = z.looseObject({
  nbformat: z.literal(4),
  metadata: z.looseObject({}).optional(),
  cells: z.array(Cell, { error: 'must be a list of cells' }),
});
export type Notebook = z.infer<typeof NotebookSchema>;
export type NotebookCell = z.infer<typeof Cell>;
export type NotebookOutput = z.infer<typeof Output>;

export class NotebookFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotebookFormatError';
  }
}

/** Where in the notebook an issue is, in words: "cell 3, output 1, traceback". */
function describePath(path: readonly PropertyKey[]): string {
  const words: string[] = [];
  for (let index = 0; index < path.length; index++) {
    const key = path[index];
    const next = path[index + 1];
    if ((key === 'cells' || key === 'outputs') && typeof next === 'number') {
      words.push(`${key === 'cells' ? 'cell' : 'output'} ${next + 1}`);
      index++;
    } else if (typeof key !== 'number') {
      words.push(String(key));
    }
  }
  return words.join(', ');
}

/** The notebook in `bytes`, or NotebookFormatError saying what is wrong with it. */
export function parseNotebook(bytes: Buffer): Notebook {
  let document: unknown;
  try {
    document = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new NotebookFormatError('The file is not a Jupyter notebook: it is not valid JSON');
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new NotebookFormatError('The file is not a Jupyter notebook: it is not a JSON object');
  }
  const version = (document as { nbformat?: unknown }).nbformat;
  if (version !== 4) {
    throw new NotebookFormatError(
      typeof version === 'number'
        ? `Only nbformat 4 notebooks can be used; this one is nbformat ${version} (save it again with Jupyter 4 or later)`
        : 'The file is not a Jupyter notebook: it has no nbformat',
    );
  }
  const parsed = NotebookSchema.safeParse(document);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue ? describePath(issue.path) : '';
    throw new NotebookFormatError(
      `The notebook is not valid nbformat 4: ${where ? `${where} ` : ''}${issue?.message ?? ''}`.trim(),
    );
  }
  return parsed.data;
}
