import { toastInfo } from '../../lib/toast';

/** Placeholder until the application form ('Formulario de Postulación') is built. */
export function announceApplicationForm(): void {
  toastInfo('El formulario de postulación estará disponible muy pronto.', { id: 'formulario-postulacion' });
}
