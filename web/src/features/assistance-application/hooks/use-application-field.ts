import { get, useFormContext, useFormState } from 'react-hook-form';
import { useValidationText } from '@/lib/validation-text.ts';
import { APPLICATION_FORM_VALIDATION } from '../assistance-application.messages.ts';
import type { ApplicationFormValues } from '../utils/application-form.ts';

/** The application form, as every step reads it. */
export function useApplicationFormContext() {
  return useFormContext<ApplicationFormValues>();
}

/** A field's error in the reader's language, once the field has been checked. */
export function useFieldError(name: string): string | undefined {
  const { control } = useApplicationFormContext();
  const { errors } = useFormState({ control, name: name as never });
  const shown = useValidationText(APPLICATION_FORM_VALIDATION);
  const error: unknown = get(errors, name);
  const message =
    typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return shown(typeof message === 'string' ? message : undefined);
}
