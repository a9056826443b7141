import type { Ref } from 'react';
import type { DeliveryDetail } from '../../../../../shared/delivery';
import { DetailHeader } from '../../../components/list-detail/DetailHeader';
import { DetailPane } from '../../../components/list-detail/DetailPane';
import { DuplicateBadge, ResponseStatus, SignatureBadge } from '../../../components/Badges';
import { RelationLinks } from '../../../components/RelationLinks';
import { formatFullTime } from '../../../lib/format';
import { CheckWithDeliverySection } from '../../check/CheckWithDeliverySection';
import { CompareWithSection } from '../../compare/CompareWithSection';
import { ForwardResultBadge } from '../../forward/ForwardResultBadge';
import { ReplayHistory } from '../../replay/ReplayHistory';
import { ReplayPanel } from '../../replay/ReplayPanel';
import { useReplays } from '../../replay/useReplays';
import { DeliveryExportSection } from '../../transfer/DeliveryExportSection';
import type { DetailState } from '../useDeliveryDetail';
import { BodySection } from './BodySection';
import { FindingsSection } from './FindingsSection';
import { HeadersSection } from './HeadersSection';
import { RequestFactsSection, ResponseSection } from './RequestFactsSection';
import { SignatureSection } from './SignatureSection';
import { SiblingsSection } from './SiblingsSection';

interface DeliveryDetailPaneProps {
  state: DetailState;
  onOpen: (id: number) => void;
  onClose: () => void;
  onOpenSettings: () => void;
  paneRef: Ref<HTMLElement>;
}

export function DeliveryDetailPane({ state, onOpen, onClose, onOpenSettings, paneRef }: DeliveryDetailPaneProps) {
  return (
    <DetailPane
      state={state}
      testId="detail-pane"
      label="Delivery detail"
      data={{ 'data-id': state.phase === 'ready' ? state.detail.id : undefined }}
      onClose={onClose}
      paneRef={paneRef}
    >
      {state.phase === 'ready' && <DetailContent key={state.detail.id} detail={state.detail} onOpen={onOpen} onClose={onClose} onOpenSettings={onOpenSettings} />}
    </DetailPane>
  );
}

interface DetailContentProps {
  detail: DeliveryDetail;
  onOpen: (id: number) => void;
  onClose: () => void;
  onOpenSettings: () => void;
}

function DetailContent({ detail, onOpen, onClose, onOpenSettings }: DetailContentProps) {
  const replays = useReplays(detail.id);
  return (
    <>
      <DetailHeader onClose={onClose}>
        <h2>
          <span className="muted">#{detail.id}</span> {detail.event ?? <span className="muted">no event</span>}
        </h2>
        <div className="detail-badges">
          <SignatureBadge verdict={detail.signature} />
          <ResponseStatus status={detail.responseStatus} />
          <DuplicateBadge count={detail.duplicateCount} />
          {detail.imported && <span className="badge neutral">imported</span>}
          <ForwardResultBadge replays={replays.items} />
          <span className="muted mono">{formatFullTime(detail.receivedAt)}</span>
        </div>
        {detail.subject && <div className="detail-subject">{detail.subject}</div>}
        <RelationLinks
          lifecycleKey={detail.lifecycleKey}
          orderUuid={detail.orderUuid}
          recipientKey={detail.recipientKey}
          duplicateGroupFirstId={detail.group?.firstId ?? null}
          duplicateCount={detail.duplicateCount}
        />
      </DetailHeader>
      <SignatureSection check={detail.signatureCheck} onOpenSettings={onOpenSettings} />
      <FindingsSection findings={detail.findings} />
      <BodySection detail={detail} />
      <HeadersSection headers={detail.headers} />
      <ReplayPanel deliveryId={detail.id} source={detail} onSent={replays.reload} />
      <ReplayHistory replays={replays} />
      <CheckWithDeliverySection detail={detail} />
      <DeliveryExportSection deliveryId={detail.id} />
      <SiblingsSection detail={detail} onOpen={onOpen} />
      <CompareWithSection detail={detail} />
      <RequestFactsSection detail={detail} />
      <ResponseSection response={detail.response} />
    </>
  );
}
