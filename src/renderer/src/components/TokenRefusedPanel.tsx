import { useState } from 'react';
import type { TokenRefusal } from '../../../shared/token-refusal';
import { nativeErrorMessage, nativeExtras } from '../api/native-extras';
import { openWithToken } from '../api/session-token';
import { useSession } from '../hooks/useSession';
import { TokenEntry } from './form/TokenEntry';

const headings: Record<TokenRefusal, string> = {
  revoked: 'Your token was revoked',
  unrecognised: 'This inspector does not recognise your token',
};

const whatHappened: Record<TokenRefusal, string> = {
  revoked: 'An admin of this shared inspector revoked the token this page was opened with: it opens nothing any more, so retrying cannot help.',
  unrecognised:
    'The token this page was opened with opens nothing here: it is mistyped, another inspector’s, or was replaced by a newer one. Retrying cannot help.',
};

/** In place of the views when the core refused this page's token: what happened, how to get a new token, where to enter it. */
export function TokenRefusedPanel({ reason }: { reason: TokenRefusal }) {
  return (
    <section className="token-refused" role="alert" aria-labelledby="token-refused-title" data-testid="token-refused" data-reason={reason}>
      <h2 id="token-refused-title">{headings[reason]}</h2>
      <p>{whatHappened[reason]}</p>
      <HowToGetOne reason={reason} />
      <WhereToEnterIt />
    </section>
  );
}

const newTeamToken = (
  <>
    <code>webhook-inspector serve user create YOUR-NAME --store postgresql://…</code> (a revoked name gets a new token, shown once) or
    Settings → Users
  </>
);
const printedAddress = (
  <>
    each start of the inspector makes a new token, in the address it printed when it started (<code>UI: http://127.0.0.1:PORT/?token=…</code>)
  </>
);

/** A revoked token is a team server's; for another, the session read before the refusal (if any) says which kind of inspector this is. */
function HowToGetOne({ reason }: { reason: TokenRefusal }) {
  const team = useSession()?.team ?? null;
  if (reason === 'revoked' || team === true) {
    return <p data-testid="token-refused-how">Ask an admin of this inspector for a new token: they make one with {newTeamToken}.</p>;
  }
  if (team === false) return <p data-testid="token-refused-how">Open the inspector&apos;s printed address: {printedAddress}.</p>;
  return (
    <ul data-testid="token-refused-how">
      <li>On a team&apos;s shared inspector, ask an admin for a new token: they make one with {newTeamToken}.</li>
      <li>On your own inspector (the desktop app or <code>serve</code>), {printedAddress}.</li>
    </ul>
  );
}

/** The desktop app keeps a shared inspector's token with the keychain, entered in the local inspector's Settings; a browser tab takes it here. */
function WhereToEnterIt() {
  const { useLocalInspector: backToLocal } = nativeExtras();
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (typeof backToLocal === 'function') {
    return (
      <>
        <p>Then go back to the local inspector and enter the new token in Settings → Connect to a shared inspector.</p>
        <button type="button" className="primary" data-testid="token-refused-local" onClick={() => void backToLocal().catch((error: unknown) => setProblem(nativeErrorMessage(error)))}>
          Back to the local inspector
        </button>
        {problem && <p className="error-text">{problem}</p>}
      </>
    );
  }
  return (
    <form
      className="token-refused-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (token.trim() === '') return setProblem('Paste the new token first (wit_…).');
        openWithToken(token.trim());
      }}
    >
      <p>
        Then enter it here, or open <code>{window.location.origin}/?token=YOUR-TOKEN</code>:
      </p>
      <TokenEntry
        label="Your new token"
        testId="token-refused-token"
        value={token}
        onChange={(value) => {
          setProblem(null);
          setToken(value);
        }}
        problem={problem}
        problemTestId="token-refused-problem"
      />
      <button type="submit" className="primary" data-testid="token-refused-open">
        Open with this token
      </button>
    </form>
  );
}
