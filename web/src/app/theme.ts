import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Brand green-teal. Shade 8 is the filled colour: white text on it has a 6.4:1 contrast ratio,
 * comfortably above WCAG AA (4.5:1); Mantine's default blue does not pass.
 */
const brand: MantineColorsTuple = [
  '#e7f6f2',
  '#cdebe3',
  '#9fd6c8',
  '#6dc0ab',
  '#45ad93',
  '#2b9f84',
  '#1a8f76',
  '#0f7d67',
  '#0b6b58',
  '#075446',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 8,
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '700',
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    // A dialog's <header> is exposed as a second page banner (axe: landmark-no-duplicate-banner).
    ModalHeader: { defaultProps: { component: 'div' } },
    // Mantine's close buttons are icons without a name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar notificación' } },
      // The message under a toast's title is gray 6 by default: 3.3:1, below WCAG AA.
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/** Mantine's 'dimmed' (gray 6) is 3.3:1 on white: too faint for body text under WCAG AA; so is its error red. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Field errors in Mantine's red 6 are 3.6:1; red 8 passes AA on white.
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // Placeholders in gray 5 are 2.1:1; a date picker's placeholder ('dd/mm/aaaa') is real text
    // that axe checks. This gray is 4.8:1 on white and still lighter than typed text.
    '--mantine-color-placeholder': '#6b7280',
    // Light green (badges 'Contratado'/'Completada', light buttons) writes green 9 on its tint:
    // 3.8:1. A deeper green keeps the hue at 7:1.
    '--mantine-color-green-light-color': '#1b5e20',
    // Light yellow and orange (warning alerts and badges) write yellow 8 / orange 9 on their tint:
    // 2.3:1 and 2.8:1. These deeper shades of the same hues are 5.5:1 and 5.0:1.
    '--mantine-color-yellow-light-color': '#8a5a00',
    '--mantine-color-orange-light-color': '#b34700',
  },
  dark: {},
});
