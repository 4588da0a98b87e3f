import { FILE_MESSAGES, GENERIC_MESSAGES, UPLOAD_RULES, type UploadPurpose } from '@bolsa/domain';

/*
 * Files go to the BFF first (POST /uploads), which checks them and answers with an opaque id;
 * the GraphQL mutation then takes that id. XMLHttpRequest rather than fetch because only XHR
 * reports upload progress. What each upload purpose takes, its hint and its messages are the
 * domain's (files.ts).
 */
export type { UploadPurpose };

export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** A refusal with the dialog title and message the spec gives it. */
export class UploadError extends Error {
  constructor(
    readonly title: string,
    message: string,
    /** True when the server looked at the file and refused it (retrying the same file is pointless). */
    readonly refused = false,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

function parse(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Sends one file; `onProgress` receives 0–100. Rejects with an UploadError. */
export function uploadFile(
  file: File,
  kind: UploadPurpose,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/uploads?kind=${encodeURIComponent(kind)}`);
    xhr.setRequestHeader('X-Requested-With', 'fetch');
    xhr.withCredentials = false; // same-origin requests carry the session cookie anyway
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status === 201 && body && typeof body.id === 'string') {
        onProgress?.(100);
        resolve({
          id: body.id,
          name: String(body.name ?? file.name),
          size: Number(body.size ?? file.size),
          type: String(body.type ?? file.type),
        });
        return;
      }
      const tooLarge = UPLOAD_RULES[kind].tooLarge;
      const title =
        typeof body?.title === 'string'
          ? body.title
          : xhr.status === 413
            ? tooLarge.title
            : FILE_MESSAGES.uploadFailedTitle;
      const message =
        typeof body?.message === 'string'
          ? body.message
          : xhr.status === 413
            ? tooLarge.message
            : FILE_MESSAGES.uploadStatus(xhr.status);
      reject(new UploadError(title, message, xhr.status >= 400 && xhr.status < 500));
    };
    xhr.onerror = () => reject(new UploadError(GENERIC_MESSAGES.connectionError, FILE_MESSAGES.sendFailed));
    xhr.onabort = () => reject(new UploadError(FILE_MESSAGES.cancelledTitle, FILE_MESSAGES.cancelled));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
