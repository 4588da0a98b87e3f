import { FILE_MESSAGES, type FileProblem } from '@bolsa/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile, UploadError } from '../../lib/upload';

/** Upload ids expire after an hour on the BFF; older ones are sent again before saving. */
const FRESH_MS = 50 * 60_000;

export interface ImageUpload {
  file: File | null;
  /** Object URL of the chosen file, for the preview. */
  previewUrl: string | null;
  /** 0–100 while sending, null otherwise. */
  progress: number | null;
  uploading: boolean;
  /** Why the chosen file was refused: by the browser's check or by the server. Stays until the next choice. */
  error: FileProblem | null;
  /** Which upload purpose the image is sent for (domain files.ts). */
  purpose: VacancyImagePurpose;
  select: (file: File) => void;
  /** The browser refused the chosen file before sending it (too large, not a format the purpose takes). */
  reject: (problem: FileProblem) => void;
  clear: () => void;
  /** The upload id to give the mutation, sending (or re-sending) the file if needed. */
  ensureUploaded: () => Promise<string | null>;
}

export type VacancyImagePurpose = 'vacancy-image' | 'vacancy-image-edit';

/**
 * The chosen image is sent to POST /uploads as soon as it is picked (the user sees progress and
 * the server's verdict right away); saving then only passes the returned id. Create and edit take
 * different images (`purpose`: 'vacancy-image' or 'vacancy-image-edit').
 */
export function useImageUpload(kind: VacancyImagePurpose): ImageUpload {
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<ImageUpload['error']>(null);
  const pending = useRef<{ file: File; promise: Promise<string>; at: number } | null>(null);

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const start = useCallback(
    (f: File) => {
      setError(null);
      setProgress(0);
      const promise = uploadFile(f, kind, setProgress).then(
        (r) => {
          if (pending.current?.file === f) setProgress(null);
          return r.id;
        },
        (err: unknown) => {
          if (pending.current?.file === f) {
            pending.current = null;
            setProgress(null);
            const e = err instanceof UploadError ? err : new UploadError(FILE_MESSAGES.uploadFailedTitle, String(err));
            setError({ title: e.title, message: e.message });
            // A refused file is dropped (the form then asks for an image); after a network
            // failure it stays, and saving sends it again.
            if (e.refused) {
              setFile(null);
              setPreviewUrl(null);
            }
          }
          throw err;
        },
      );
      promise.catch(() => {});
      pending.current = { file: f, promise, at: Date.now() };
      return promise;
    },
    [kind],
  );

  const select = useCallback(
    (f: File) => {
      setFile(f);
      setPreviewUrl(URL.createObjectURL(f));
      void start(f);
    },
    [start],
  );

  const clear = useCallback(() => {
    pending.current = null;
    setFile(null);
    setPreviewUrl(null);
    setProgress(null);
    setError(null);
  }, []);

  const reject = useCallback((problem: FileProblem) => {
    pending.current = null;
    setFile(null);
    setPreviewUrl(null);
    setProgress(null);
    setError(problem);
  }, []);

  const ensureUploaded = useCallback(async () => {
    if (!file) return null;
    const p = pending.current;
    if (p && p.file === file && Date.now() - p.at < FRESH_MS) return p.promise;
    return start(file);
  }, [file, start]);

  return {
    file,
    previewUrl,
    progress,
    uploading: progress !== null,
    error,
    purpose: kind,
    select,
    reject,
    clear,
    ensureUploaded,
  };
}
