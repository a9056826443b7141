import { z } from 'zod';
import { calls, CoreStatus, type CallInput } from '../../../../shared/contract';

/**
 * The service form as typed, turned into what settings.setService takes and checked by its schema; one rule is the
 * form's own: a real service needs an API token, typed here unless one is kept already.
 */
export function serviceFields(apiTokenSet: boolean) {
  return z
    .object({ mode: CoreStatus.shape.service.shape.mode, baseUrl: z.string(), apiToken: z.string() })
    .transform(({ mode, baseUrl, apiToken }): CallInput<'settings.setService'> => {
      if (mode === 'simulator') return { connection: { mode } };
      return { connection: { mode, baseUrl: baseUrl.trim() }, ...(apiToken === '' ? {} : { apiToken }) };
    })
    .pipe(calls['settings.setService'].input)
    .refine((input) => input.connection.mode === 'simulator' || input.apiToken !== undefined || apiTokenSet, { path: ['apiToken'] });
}
export type ServiceFields = z.input<ReturnType<typeof serviceFields>>;

export const serviceFieldsOf = (service: CoreStatus['service']): ServiceFields => ({
  mode: service.mode,
  baseUrl: service.mode === 'service' ? (service.baseUrl ?? '') : '',
  apiToken: '',
});

/** What each field must be, said when it is not (by the first segment of the error's path). */
export const serviceProblems = {
  connection: 'The base URL is an http:// or https:// address, e.g. https://api.example.com.',
  apiToken: 'The service needs an API token (sent as X-Api-Token).',
};
