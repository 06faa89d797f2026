import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/** A zip of stored (uncompressed) files: all a wheel needs, written without a zip library. */
export function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A pure-Python wheel of one module, `name`, whose hello() answers `greeting`. */
export function tinyWheel(name: string, greeting: string) {
  const distInfo = `${name}-1.0.dist-info`;
  const bytes = storedZip({
    [`${name}/__init__.py`]: `def hello():\n    return ${JSON.stringify(greeting)}\n`,
    [`${distInfo}/METADATA`]: `Metadata-Version: 2.1\nName: ${name}\nVersion: 1.0\n`,
    [`${distInfo}/WHEEL`]: 'Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n',
    [`${distInfo}/top_level.txt`]: `${name}\n`,
    [`${distInfo}/RECORD`]: '',
  });
  return { fileName: `${name}-1.0-py3-none-any.whl`, bytes };
}

export type LockEntry = { fileName: string; sha256: string; imports: string[]; depends?: string[] };

/** The installed Pyodide's lock `info`: the browser's Pyodide takes only a lock of its own ABI version. */
const PYODIDE_LOCK_INFO = (JSON.parse(readFileSync('node_modules/pyodide/pyodide-lock.json', 'utf8')) as { info: object }).info;

export function lockFile(packages: Record<string, LockEntry>) {
  return JSON.stringify({
    info: PYODIDE_LOCK_INFO,
    packages: Object.fromEntries(
      Object.entries(packages).map(([name, entry]) => [
        name,
        {
          name,
          version: '1.0',
          file_name: entry.fileName,
          install_dir: 'site',
          sha256: entry.sha256,
          package_type: 'package',
          imports: entry.imports,
          depends: entry.depends ?? [],
        },
      ]),
    ),
  });
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Serves `files` (path → bytes) on 127.0.0.1, each with `headers`, and records every path asked for. */
export async function serveFiles(
  files: Record<string, Buffer | string>,
  headers: Record<string, string> = {},
): Promise<{ url: string; asked: string[]; server: Server }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    asked.push(path);
    const body = files[path];
    if (body === undefined) {
      response.writeHead(404, headers).end();
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, server };
}
