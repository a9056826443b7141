import { z } from 'zod';
import { FixtureExportOptions } from '../../../../shared/fixtures';

const Options = FixtureExportOptions.omit({ selection: true });

/**
 * The fixtures export's options as typed, turned into what export.fixtures takes but its selection (the view's)
 * and checked by its schema: an empty test secret re-signs nothing, an empty folder is the default one.
 */
export const FixturesFields = z
  .object({ testSecret: z.string(), redact: z.boolean(), strip: z.boolean(), outDir: z.string() })
  .transform(({ testSecret, redact, strip, outDir }): z.input<typeof Options> => ({
    redact,
    keepSignatures: !strip,
    ...(testSecret === '' ? {} : { testSecret }),
    ...(outDir.trim() === '' ? {} : { outDir: outDir.trim() }),
  }))
  .pipe(Options);
export type FixturesFields = z.input<typeof FixturesFields>;
export type FixturesOptions = z.output<typeof FixturesFields>;

export const emptyFixturesFields: FixturesFields = { testSecret: '', redact: false, strip: false, outDir: '' };
