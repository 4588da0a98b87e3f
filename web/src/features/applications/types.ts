import type { UseFormReturnType } from '@mantine/form';
import type { ApplicationFormValues } from './form-values';

/** The application form's state (Mantine's form over the values of form-values.ts). */
export type ApplicationFormApi = UseFormReturnType<ApplicationFormValues>;

export interface Dialog {
  title: string;
  message: string;
  kind: 'success' | 'info' | 'error';
  /** Runs once 'Entendido' closes it. */
  after?: () => void;
}

export interface ApplicationVacancy {
  id: string;
  name: string;
  branchName: string | null;
  place: string | null;
}
