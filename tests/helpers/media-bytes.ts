import { Readable } from 'node:stream';

/* Real, tiny media files for upload tests (API and browser): their first bytes are what they claim. */

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** An MP4 header (an `ftyp` box of brand isom and an empty `free` box); enough for type checks. */
export function mp4Bytes(padding = 0): Buffer {
  return Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
    Buffer.from([0, 0, 0, 8]),
    Buffer.from('free'),
    Buffer.alloc(padding),
  ]);
}

/** A WebM (EBML) header. */
export const WEBM_BYTES = Buffer.from(
  '1a45dfa3a34286810142f7810142f2810442f381084282847765626d42878104428581021853806701',
  'hex',
);

export const SVG_BYTES = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>',
);

/** `total` bytes that start like `head`, generated as they are read: a big body without the memory. */
export function generatedBody(head: Buffer, total: number, chunkSize = 1 << 20): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const size = Math.min(chunkSize, total - sent);
      const chunk = Buffer.alloc(size);
      if (sent === 0) head.copy(chunk, 0, 0, Math.min(head.length, size));
      sent += size;
      this.push(chunk);
    },
  });
}

/** The smallest useful Jupyter notebook (nbformat 4): one Markdown and one code cell with its output. */
export const NOTEBOOK_BYTES = Buffer.from(
  JSON.stringify({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { language_info: { name: 'python' } },
    cells: [
      { cell_type: 'markdown', metadata: {}, source: '# Tensors' },
      {
        cell_type: 'code',
        metadata: {},
        execution_count: 1,
        source: 'print(2 + 2)',
        outputs: [{ output_type: 'stream', name: 'stdout', text: '4\n' }],
      },
    ],
  }),
);
