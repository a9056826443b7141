import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { useCallAction } from '../../hooks/useCallAction';
import { plural } from '../../lib/format';
import { RoleGate } from '../../components/RoleGate';

/** GET /api/webhooks: the core stores the signing secret and re-verifies every stored delivery. */
export function FetchSecretButton({ testId }: { testId: string }) {
  const fetchSecret = useCallAction(async () => {
    const { reverified } = await call('api.fetchSigningSecret', {});
    return `Signing secret stored; ${plural(reverified, 'delivery', 'deliveries')} re-verified.`;
  });
  return (
    <div className="fetch-secret">
      <RoleGate call="api.fetchSigningSecret" doing="fetch and store the signing secret" inline>
        <button
          type="button"
          data-testid={testId}
          disabled={fetchSecret.busy}
          title="GET /api/webhooks: store the account's signing secret and check every stored delivery against it"
          onClick={() => void fetchSecret.run()}
        >
          {fetchSecret.busy ? 'Fetching…' : 'Fetch signing secret'}
        </button>
      </RoleGate>
      <ActionOutcome error={fetchSecret.error} done={fetchSecret.done} testId={testId} />
    </div>
  );
}
