import { exampleReceivedPath, forwardTarget } from '../../../../shared/forward-target';
import { ForwardFields } from './forward-fields';

/** Where a delivery would go with the settings as typed, e.g. "a delivery to /webhooks/demo goes to http://localhost:3000/webhooks". */
export function ForwardExample({ fields }: { fields: ForwardFields }) {
  const checked = ForwardFields.safeParse({ ...fields, enabled: false });
  const settings = checked.success ? checked.data : null;
  if (settings?.target == null) return null;
  const url = new URL(forwardTarget({ ...settings, target: settings.target }, { path: exampleReceivedPath, query: '' })).href;
  return (
    <p className="forward-example" data-testid="forward-example" data-url={url}>
      A delivery to <code>{exampleReceivedPath}</code> goes to <code>{url}</code>
      {settings.appendPath ? '' : ', whatever path it came to'}.
    </p>
  );
}
