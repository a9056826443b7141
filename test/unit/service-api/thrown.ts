import { ServiceApiError } from '../../../src/main/core/service-api/errors';

/** The ServiceApiError a call throws (fails the test when it throws nothing or something else). */
export function thrown(run: () => unknown): ServiceApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceApiError) return error;
    throw error;
  }
  throw new Error('did not throw');
}
