import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/*
 * What a phone's camera reads from a PDF's QR code: the first page rendered to pixels by poppler's
 * pdftoppm (as a print or a screen shows it), then decoded by jsQR, which shares no code with the
 * encoder that drew it.
 */

/** Whether pdftoppm (poppler-utils) is on this machine; a test that needs it says so when it is not. */
export function hasPdftoppm(): boolean {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The first page at 150 dpi as a PNG (kept at `keepAs` when given, to look at), and the text of its QR code. */
export function readPdfQrCode(pdf: Uint8Array, { keepAs }: { keepAs?: string } = {}): string | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ga-pdf-qr-'));
  try {
    writeFileSync(path.join(dir, 'page.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', 'page.pdf', 'page'], { cwd: dir });
    const bytes = readFileSync(path.join(dir, 'page.png'));
    if (keepAs) writeFileSync(keepAs, bytes);
    const png = PNG.sync.read(bytes);
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
