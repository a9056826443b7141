import { describe, expectTypeOf, it } from 'vitest';
import type { RelayPage as ServedPage, RelayedDelivery as ServedDelivery } from 'webhook-inspector-relay';
import type { RelayPage, RelayedDelivery } from '../../../src/shared/relay';

// The relay (its own package) serves the pull API's pages; the laptop checks them with src/shared/relay.ts's
// schemas. A field added or changed on one side only fails the type check (`npm run typecheck`).
describe("the pull API's wire format", () => {
  it('is the same on the relay that serves it and on the laptop that checks it', () => {
    expectTypeOf<ServedDelivery>().toEqualTypeOf<RelayedDelivery>();
    expectTypeOf<ServedPage>().toEqualTypeOf<RelayPage>();
  });
});
