import type { Readable } from 'node:stream';

/*
 * Where uploaded files live (docs/product.md, Files and uploads). The local disk store is the default; an S3-protocol
 * store implements the same interface later, and the shared contract tests
 * (object-store.contract.ts) run against both, so routes never learn which one they talk to.
 */

export type PutObjectInput = {
  /** Opaque, validated by `assertValidObjectKey`; the same key works on every implementation. */
  key: string;
  /**
   * Read to the end on success. On a refusal it is unpiped but not destroyed, so an HTTP route can
   * still answer 413 (with `Connection: close`); any other caller destroys it.
   */
  body: Readable;
  contentType: string;
  /** More bytes than this refuse the whole object with `ObjectTooLargeError`; nothing is kept. */
  maxBytes: number;
};

export type PutObjectResult = { key: string; size: number; etag: string };

export type ObjectInfo = {
  key: string;
  /** Size of the whole object in bytes, also when a range was read. */
  size: number;
  contentType: string;
  /** Opaque and unquoted; changes whenever the content changes. Routes quote it for HTTP. */
  etag: string;
  lastModified: Date;
};

/**
 * Bytes to read, both ends inclusive as in HTTP `Range: bytes=start-end`. An `end` past the object is
 * clamped; `suffixLength` reads the last bytes (`bytes=-500`) without a separate stat, so a
 * replacement between the two cannot mix versions.
 */
export type ByteRange = { start: number; end?: number } | { suffixLength: number };

export type GetObjectInput = { key: string; range?: ByteRange };

export type GetObjectResult = ObjectInfo & {
  /** The requested bytes only. The caller must consume or destroy it, or the file stays open. */
  body: Readable;
  /** The bytes actually served, inclusive; present when a range was asked. */
  range?: { start: number; end: number };
};

export interface ObjectStore {
  /** Stores atomically: readers see the previous object or the new one, never a partial one. */
  put(input: PutObjectInput): Promise<PutObjectResult>;
  /** Null when the key holds nothing. */
  get(input: GetObjectInput): Promise<GetObjectResult | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
}

export type ObjectStoreErrorCode = 'INVALID_KEY' | 'INVALID_CONTENT_TYPE' | 'TOO_LARGE' | 'RANGE_NOT_SATISFIABLE';

/**
 * Storage errors stay free of HTTP: the same bad key is a 404 on a download and a 400 on an
 * upload, so each route maps them itself.
 */
export class ObjectStoreError extends Error {
  readonly code: ObjectStoreErrorCode;
  constructor(code: ObjectStoreErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

export class InvalidObjectKeyError extends ObjectStoreError {
  constructor(reason: string) {
    super('INVALID_KEY', `Invalid object key: ${reason}`);
  }
}

export class InvalidContentTypeError extends ObjectStoreError {
  constructor() {
    super('INVALID_CONTENT_TYPE', 'Invalid content type');
  }
}

export class ObjectTooLargeError extends ObjectStoreError {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super('TOO_LARGE', `Object is larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/** Carries the object's size, which a 416 answer reports as `Content-Range: bytes *\/size`. */
export class RangeNotSatisfiableError extends ObjectStoreError {
  readonly size: number;
  constructor(size: number) {
    super('RANGE_NOT_SATISFIABLE', `Range not satisfiable for an object of ${size} bytes`);
    this.size = size;
  }
}
