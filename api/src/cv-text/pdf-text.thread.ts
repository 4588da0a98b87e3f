// A worker thread that reads the text of PDFs (cv-text/thread.ts starts it): pdf.js parses a page
// in one synchronous stretch, and on the api's own event loop that stretch held up every request
// the api was answering. One message in (the file's bytes, transferred, and the limits), one out.
import { parentPort } from 'node:worker_threads';
import { extractPdfText, type ExtractLimits } from './extract.js';

export interface PdfTextRequest {
  id: number;
  data: Uint8Array;
  limits: ExtractLimits;
}

parentPort?.on('message', (m: PdfTextRequest) => {
  void extractPdfText(m.data, m.limits).then(
    (result) => parentPort?.postMessage({ id: m.id, result }),
    () => parentPort?.postMessage({ id: m.id, result: { text: '', cut: null, broken: true } }),
  );
});
