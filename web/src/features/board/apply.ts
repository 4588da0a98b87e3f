import { notifications } from '@mantine/notifications';

/** Placeholder until the application form ('Formulario de Postulación') is built. */
export function announceApplicationForm(): void {
  notifications.show({
    id: 'formulario-postulacion',
    color: 'brand',
    message: 'El formulario de postulación estará disponible muy pronto.',
    autoClose: 2500,
  });
}
