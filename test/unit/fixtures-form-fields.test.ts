import { describe, expect, it } from 'vitest';
import { emptyFixturesFields, FixturesFields } from '../../src/renderer/src/features/transfer/fixtures-fields';

// The fixtures export form as typed, turned into export.fixtures' options (the view adds its selection).

describe('the fixtures export form', () => {
  it('keeps the signatures, re-signs nothing and writes to the default folder when left as it is', () => {
    expect(FixturesFields.parse(emptyFixturesFields)).toEqual({ redact: false, keepSignatures: true });
  });

  it('sends the test secret as typed, the folder trimmed, and strips the signatures when asked', () => {
    expect(FixturesFields.parse({ testSecret: ' s3cret', redact: true, strip: true, outDir: ' /tmp/out ' })).toEqual({
      redact: true,
      keepSignatures: false,
      testSecret: ' s3cret',
      outDir: '/tmp/out',
    });
  });

  it('refuses a test secret longer than the schema allows', () => {
    expect(FixturesFields.safeParse({ ...emptyFixturesFields, testSecret: 'x'.repeat(4097) }).success).toBe(false);
  });
});
