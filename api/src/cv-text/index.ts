export { startCvTextWorker, type CvTextWorker, type CvTextWorkerOptions } from './worker.js';
export { extractPdfText, type ExtractedText, type ExtractLimits } from './extract.js';
