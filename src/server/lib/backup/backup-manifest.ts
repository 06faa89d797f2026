import { z } from 'zod';

/*
 * What `npm run backup` writes (ADR 0040): one gzipped tar holding
 * - manifest.json, first: this schema;
 * - database/<table>.jsonl: each row of a table as a JSON array of its columns' PostgreSQL text forms
 *   (null for NULL), so every value goes back through its type's own input function;
 * - objects/<aa>/<bb>/<sha256 of key>: the local disk store's files as they are (header and bytes).
 * Nothing else is accepted back: any other entry makes the archive foreign or unsafe.
 */

export const BACKUP_FORMAT = 'gradient-academy-backup';
/** 2 added each table file's size and each object's SHA-256, which restore's caps and checks need. */
export const BACKUP_VERSION = 2;
export const MANIFEST_ENTRY = 'manifest.json';

/**
 * What restore reads into memory whole. An object's line in the manifest is about 200 bytes, so this
 * lists some 300,000 objects; parsing it takes a few hundred MB at most.
 */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
/** One row's line in a table file, read whole when loaded: far above any row the app writes. */
export const MAX_ROW_BYTES = 16 * 1024 * 1024;

export const TABLE_ENTRY = /^database\/([a-z_][a-z0-9_]*)\.jsonl$/;
export const OBJECT_ENTRY = /^objects\/([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{64})$/;
export const FOLDER_ENTRY = /^(database|objects|objects\/[0-9a-f]{2}|objects\/[0-9a-f]{2}\/[0-9a-f]{2})\/?$/;

const IdentifierSchema = z.string().regex(/^[a-z_][a-z0-9_]*$/);
const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

export const BackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.iso.datetime(),
  /** Where it came from: the engine, and whether a server was running on it. */
  source: z.object({ engine: z.enum(['pglite', 'postgres']), serverVersion: z.string(), whileServing: z.boolean() }),
  /** The schema the rows fit: how many of the app's migrations were applied, and the last one's time. */
  migrations: z.object({ count: z.number().int().nonnegative(), lastCreatedAt: z.string().nullable() }),
  tables: z.array(
    z.object({
      name: IdentifierSchema,
      columns: z.array(IdentifierSchema).min(1),
      rows: z.number().int().nonnegative(),
      /** The table file's size: restore reads no more than this of it. */
      bytes: z.number().int().nonnegative(),
      sha256: Sha256Schema,
    }),
  ),
  sequences: z.array(z.object({ name: IdentifierSchema, lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() })),
  objects: z.object({
    /** `disk`: every object is in the archive; `s3`: none is, the bucket is the operator's to version. */
    store: z.enum(['disk', 's3']),
    note: z.string(),
    files: z.array(
      z.object({ path: z.string().regex(OBJECT_ENTRY), size: z.number().int().nonnegative(), sha256: Sha256Schema }),
    ),
  }),
});

export type BackupManifest = z.infer<typeof BackupManifestSchema>;

/** Why an archive is refused; restore prints the message as its one line. */
export class ArchiveRefusedError extends Error {}
