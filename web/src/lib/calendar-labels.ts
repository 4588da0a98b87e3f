/** Names for the controls of a Mantine date picker (Mantine leaves them unnamed): its `ariaLabels`. */
export const CALENDAR_LABELS = {
  monthLevelControl: 'Elegir mes',
  yearLevelControl: 'Elegir año',
  nextMonth: 'Mes siguiente',
  previousMonth: 'Mes anterior',
  nextYear: 'Año siguiente',
  previousYear: 'Año anterior',
  nextDecade: 'Década siguiente',
  previousDecade: 'Década anterior',
};
