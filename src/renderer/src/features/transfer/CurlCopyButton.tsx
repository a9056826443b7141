import { useEffect, useState } from 'react';
import { call, describeError, isAbort } from '../../api/client';
import { CopyButton } from '../../components/CopyButton';

type Loaded = { command: string } | { error: unknown };

/** "Copy as cURL": a command that sends the exact stored bytes with the stored headers. */
export function CurlCopyButton({ deliveryId }: { deliveryId: number }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    call('export.curl', { deliveryId }, { signal: abort.signal }).then(
      ({ command }) => setLoaded({ command }),
      (error: unknown) => {
        if (!isAbort(error)) setLoaded({ error });
      },
    );
    return () => abort.abort();
  }, [deliveryId]);

  if (loaded && 'command' in loaded) {
    return <CopyButton text={loaded.command} what="as a cURL command that sends the exact bytes" label="Copy as cURL" testId="copy-curl" />;
  }
  return (
    <button
      type="button"
      className="copy-button"
      data-testid="copy-curl"
      disabled
      title={loaded ? `No cURL command: ${describeError(loaded.error)}` : 'Preparing the cURL command…'}
    >
      Copy as cURL
    </button>
  );
}
