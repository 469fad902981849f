import { Readable } from 'node:stream';

/**
 * An upload received into a temporary file (plugins/received-file.ts), removed once answered
 * unless adopted. Not hashed yet: that is done in the upload thread (`UploadEngine.hashFile`).
 */
export type ReceivedFile = { path: string; size: number };

/** A range of a stored file's bytes, both ends included, as HTTP's Range header counts them. */
export type ByteRange = { start: number; end: number };

/**
 * Where the bytes of uploaded files live, by their SHA-256: a file stored twice is kept once, and a
 * row naming a file holds only its hash. Which store a server uses follows its database
 * (db/client.ts): on the embedded database, files in the data directory, since PGlite answers one
 * query at a time on the server's own thread and a 50 MB file written into it would hold every
 * other request; on a PostgreSQL server, the `file_chunks` table, which every process of the
 * instance reaches (see ARCHITECTURE.md, "Files").
 */
export type FileStore = {
  /**
   * Takes a received file (a temporary file of `receivedDir`, whose SHA-256 is `sha256`) into the
   * store. The temporary file is gone afterwards, whether it was taken or already stored.
   */
  adopt(receivedPath: string, sha256: string): Promise<void>;
  /** Stores bytes made here (a PDF frozen or sealed), by their SHA-256; kept once if already stored. */
  write(bytes: Uint8Array, sha256: string): Promise<void>;
  /** The stored file's bytes, or null when no file has that hash. */
  read(sha256: string): Promise<Buffer | null>;
  /** The stored file (or the range of it asked for) as a stream, or null when no file has that hash. */
  stream(sha256: string, range?: ByteRange): Promise<Readable | null>;
  /** The stored file's size in bytes, or null when no file has that hash. */
  size(sha256: string): Promise<number | null>;
  /** Every stored file, with when it was last stored (a file stored again is as new). */
  list(): AsyncIterable<{ sha256: string; storedAt: Date }>;
  /** Removes a stored file (the caller has checked that no row names it any more). */
  remove(sha256: string): Promise<void>;
  /** Where uploads are received while they arrive (the same file system as the store, when it is one). */
  receivedDir: string;
  close(): Promise<void>;
};

/** A stored file as a download answers it: its name, size and hash, and all of it or a range. */
export type StoredFile = {
  fileName: string;
  byteSize: number;
  sha256: string;
  open(range?: ByteRange): Promise<Readable>;
};

/** A file of the store as a download, by its hash (its size read from the store unless known). */
export async function storedFile(
  files: FileStore,
  file: { sha256: string; fileName: string; byteSize?: number },
): Promise<StoredFile> {
  const byteSize = file.byteSize ?? (await files.size(file.sha256));
  if (byteSize === null) throw new Error(`The stored file ${file.sha256} is missing`);
  return {
    fileName: file.fileName,
    sha256: file.sha256,
    byteSize,
    async open(range) {
      const stream = await files.stream(file.sha256, range);
      if (!stream) throw new Error(`The stored file ${file.sha256} is missing`);
      return stream;
    },
  };
}

/** Bytes held in memory (a document stored in its row before the file store) as a download. */
export function bytesAsStoredFile(bytes: Uint8Array, file: { sha256: string; fileName: string }): StoredFile {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    ...file,
    byteSize: buffer.length,
    open: async (range) => Readable.from([range ? buffer.subarray(range.start, range.end + 1) : buffer]),
  };
}
