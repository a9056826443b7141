import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { plural } from '../../lib/format';
import { RoleGate } from '../../components/RoleGate';

/** GET /api/webhooks: the core stores the signing secret and re-verifies every stored delivery. */
export function FetchSecretButton({ testId }: { testId: string }) {
  const fetchSecret = useMutation({ mutationFn: () => call('api.fetchSigningSecret', {}) });
  const done = fetchSecret.data && `Signing secret stored; ${plural(fetchSecret.data.reverified, 'delivery', 'deliveries')} re-verified.`;
  return (
    <div className="fetch-secret">
      <RoleGate call="api.fetchSigningSecret" doing="fetch and store the signing secret" inline>
        <button
          type="button"
          data-testid={testId}
          disabled={fetchSecret.isPending}
          title="GET /api/webhooks: store the account's signing secret and check every stored delivery against it"
          onClick={() => fetchSecret.mutate()}
        >
          {fetchSecret.isPending ? 'Fetching…' : 'Fetch signing secret'}
        </button>
      </RoleGate>
      <ActionOutcome error={fetchSecret.error} done={done ?? null} testId={testId} />
    </div>
  );
}
