import { useState } from 'react';
import { nativeExtras } from '../../api/native-extras';
import { CopyButton } from '../../components/CopyButton';

interface ExportedPathProps {
  path: string;
  /** "Wrote 3 fixtures to": said before the path. */
  lead: string;
  testId: string;
}

/** Where an export was written on this machine, with "Show in folder" on the desktop. */
export function ExportedPath({ path, lead, testId }: ExportedPathProps) {
  const { revealInFolder } = nativeExtras();
  const [revealFailed, setRevealFailed] = useState(false);
  return (
    <div className="exported-path ok-text" role="status" data-testid={testId} data-path={path}>
      <span>{lead}</span> <code className="digest">{path}</code>
      <CopyButton text={path} what="export folder path" />
      {typeof revealInFolder === 'function' && (
        <button type="button" className="copy-button" onClick={() => void revealInFolder(path).then((shown) => setRevealFailed(!shown))}>
          Show in folder
        </button>
      )}
      {revealFailed && <span className="warn-text"> the folder could not be shown</span>}
    </div>
  );
}
