import type { UploadPurpose } from '../../lib/upload';
import { useFileUploads, type FileUploads } from '../../lib/use-file-uploads';
import { DOCUMENT_KEYS, type DocumentKey } from './form-values';

export { FileUploadFailed, type FileSlot } from '../../lib/use-file-uploads';

const kindOf = (key: DocumentKey): UploadPurpose => (key === 'photo' ? 'candidate-photo' : 'candidate-document');

/** The application form's five files (spec 1 §5.2), each sent to POST /uploads as soon as it is chosen. */
export function useApplicationFiles(): FileUploads<DocumentKey> {
  return useFileUploads(DOCUMENT_KEYS, kindOf);
}
