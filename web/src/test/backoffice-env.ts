import { notifications } from '@mantine/notifications';
import { afterEach } from 'vitest';

/*
 * Browser APIs happy-dom lacks and Mantine uses in the back-office forms (the autosizing
 * textarea listens to document.fonts). Imported by the back-office tests only.
 */
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}
URL.createObjectURL ??= () => 'blob:vista-previa';
URL.revokeObjectURL ??= () => {};

// Toasts live in a module-level store: one test's toasts must not show up in the next.

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});
