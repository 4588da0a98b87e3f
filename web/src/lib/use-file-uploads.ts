import { FILE_MESSAGES } from '@bolsa/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile, UploadError, type UploadPurpose } from './upload';

/** Upload ids expire after an hour on the BFF; older ones are sent again before applying. */
const FRESH_MS = 50 * 60_000;

export interface FileSlot {
  file: File | null;
  /** 0–100 while sending, null otherwise. */
  progress: number | null;
  /** Set once the BFF accepted the file. */
  uploadId: string | null;
  /** Why the file was refused (by the browser's check or the server's). */
  error: string | null;
}

export const EMPTY_SLOT: FileSlot = { file: null, progress: null, uploadId: null, error: null };
const EMPTY = EMPTY_SLOT;

export interface FileUploads<K extends string> {
  slots: Record<K, FileSlot>;
  select: (key: K, file: File) => void;
  reject: (key: K, message: string) => void;
  clear: (key: K) => void;
  /** True while any file is on its way. */
  uploading: boolean;
  /**
   * The upload ids of `keys`, waiting for files still on their way and sending again any whose id
   * may have expired. Rejects with the key whose upload failed.
   */
  ensureUploaded: (keys: readonly K[]) => Promise<Partial<Record<K, string>>>;
  /**
   * The server deleted the files it was sent with a refused form (issue 22): the files chosen stay
   * chosen and are sent again with the next try.
   */
  spent: () => void;
}

export class FileUploadFailed<K extends string = string> extends Error {
  constructor(
    readonly key: K,
    readonly failure: UploadError,
  ) {
    super(failure.message);
    this.name = 'FileUploadFailed';
  }
}

/**
 * Each chosen file goes to POST /uploads at once, so the user sees its progress and the server's
 * verdict while still filling the form; saving then only passes the ids. `keys` and `kindOf` are
 * read once, on the first render.
 */
export function useFileUploads<K extends string>(
  keys: readonly K[],
  kindOf: (key: K) => UploadPurpose,
): FileUploads<K> {
  const [slots, setSlots] = useState<Record<K, FileSlot>>(
    () => Object.fromEntries(keys.map((k) => [k, EMPTY])) as Record<K, FileSlot>,
  );
  const kindRef = useRef(kindOf);
  const pending = useRef<Partial<Record<K, { file: File; promise: Promise<string>; at: number }>>>({});
  const aborts = useRef<Partial<Record<K, AbortController>>>({});

  useEffect(
    () => () => {
      for (const a of Object.values<AbortController | undefined>(aborts.current)) a?.abort();
    },
    [],
  );

  const patch = useCallback((key: K, file: File, next: Partial<FileSlot>) => {
    // Only the file still chosen for this slot may change it (a quick second choice wins).
    if (pending.current[key]?.file !== file) return;
    setSlots((s) => ({ ...s, [key]: { ...s[key], ...next } }));
  }, []);

  const start = useCallback(
    (key: K, file: File): Promise<string> => {
      aborts.current[key]?.abort();
      const abort = new AbortController();
      aborts.current[key] = abort;
      const promise = uploadFile(
        file,
        kindRef.current(key),
        (p) => patch(key, file, { progress: p }),
        abort.signal,
      ).then(
        (r) => {
          patch(key, file, { progress: null, uploadId: r.id });
          return r.id;
        },
        (err: unknown) => {
          const e = err instanceof UploadError ? err : new UploadError(FILE_MESSAGES.uploadFailedTitle, String(err));
          if (pending.current[key]?.file === file) {
            // A refused file is dropped; after a network failure it stays and is sent again on apply.
            setSlots((s) => ({
              ...s,
              [key]: { ...s[key], progress: null, uploadId: null, error: e.message, file: e.refused ? null : file },
            }));
            if (e.refused) delete pending.current[key];
          }
          throw new FileUploadFailed(key, e);
        },
      );
      promise.catch(() => {});
      pending.current[key] = { file, promise, at: Date.now() };
      setSlots((s) => ({ ...s, [key]: { file, progress: 0, uploadId: null, error: null } }));
      return promise;
    },
    [patch],
  );

  const select = useCallback((key: K, file: File) => void start(key, file), [start]);

  const reject = useCallback((key: K, message: string) => {
    aborts.current[key]?.abort();
    delete pending.current[key];
    setSlots((s) => ({ ...s, [key]: { ...EMPTY, error: message } }));
  }, []);

  const clear = useCallback((key: K) => {
    aborts.current[key]?.abort();
    delete pending.current[key];
    setSlots((s) => ({ ...s, [key]: EMPTY }));
  }, []);

  const ensureUploaded = useCallback(
    async (keys: readonly K[]): Promise<Partial<Record<K, string>>> => {
      const ids: Partial<Record<K, string>> = {};
      for (const key of keys) {
        const p = pending.current[key];
        if (!p) continue;
        let promise = p.promise;
        const stale = Date.now() - p.at > FRESH_MS;
        const failed = await promise.then(
          () => false,
          () => true,
        );
        if (stale || failed) promise = start(key, p.file);
        ids[key] = await promise;
      }
      return ids;
    },
    [start],
  );

  const spent = useCallback(() => {
    for (const p of Object.values<{ at: number } | undefined>(pending.current)) if (p) p.at = 0;
  }, []);

  const uploading = Object.values<FileSlot>(slots).some((s) => s.progress !== null);
  return { slots, select, reject, clear, uploading, ensureUploaded, spent };
}
