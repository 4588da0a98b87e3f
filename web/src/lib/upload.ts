/*
 * Files go to the BFF first (POST /uploads), which checks them and answers with an opaque id;
 * the GraphQL mutation then takes that id. XMLHttpRequest rather than fetch because only XHR
 * reports upload progress.
 */

/** Candidate documents are PDFs and the candidate photo JPEG/PNG (issue 9); guests may send them too. */
export type UploadKind = 'vacancy-image' | 'test-file' | 'candidate-document' | 'candidate-photo';

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

export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  invalid: { title: 'Archivo no válido', message: 'Solo se permiten archivos JPG, PNG o GIF' },
  tooBig: { title: 'Archivo muy grande', message: 'El archivo no debe superar los 5MB' },
} as const;

/**
 * Creating and editing a vacancy take the same images: any image type up to 5 MB (spec 2 §5).
 * The browser only looks at the declared type and the size, for instant feedback; the BFF
 * decides from the file's first bytes.
 */
export const IMAGE_ACCEPT = ['image/*'];

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
  kind: UploadKind,
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
      const title =
        typeof body?.title === 'string'
          ? body.title
          : xhr.status === 413
            ? IMAGE_MESSAGES.tooBig.title
            : 'No se pudo subir el archivo';
      const message =
        typeof body?.message === 'string'
          ? body.message
          : xhr.status === 413
            ? IMAGE_MESSAGES.tooBig.message
            : `El servidor respondió con el estado ${xhr.status}.`;
      reject(new UploadError(title, message, xhr.status >= 400 && xhr.status < 500));
    };
    xhr.onerror = () =>
      reject(
        new UploadError(
          'Error de conexión',
          'No se pudo enviar el archivo. Verifique su conexión e intente nuevamente.',
        ),
      );
    xhr.onabort = () => reject(new UploadError('Envío cancelado', 'Se canceló el envío del archivo.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
