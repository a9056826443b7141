import { concludeFromBody, type BodyConclusions } from './body-conclusions';

/** Bodies past this are concluded afresh each time: the memory kept stays small (the service's are about 1 KB). */
const maxRememberedBytes = 64 * 1024;

interface Remembered {
  bytes: Uint8Array;
  truncated: boolean;
  conclusions: BodyConclusions;
}

/**
 * The conclusions of the bodies a receiver saw last, by their SHA-256: a retry (or a storm of them) brings the same
 * bytes again, whose parsing, schema checks and digest then cost a lookup and a comparison of the bytes. The
 * conclusions are shared between the deliveries that carry the same body: nothing changes them once drawn.
 */
export class RecentBodyConclusions {
  private readonly bySha256 = new Map<string, Remembered>();

  constructor(private readonly capacity = 256) {}

  /** What `bytes` say (`sha256`: their hex digest); remembered when the same bytes came lately. May throw as `concludeFromBody`. */
  of(bytes: Uint8Array, truncated: boolean, sha256: string): BodyConclusions {
    const remembered = this.bySha256.get(sha256);
    if (remembered !== undefined && remembered.truncated === truncated && Buffer.compare(remembered.bytes, bytes) === 0) {
      // Most recently used last: the first entry is the one to forget.
      this.bySha256.delete(sha256);
      this.bySha256.set(sha256, remembered);
      return remembered.conclusions;
    }
    const conclusions = concludeFromBody(bytes, truncated);
    if (bytes.byteLength <= maxRememberedBytes) {
      this.bySha256.delete(sha256);
      this.bySha256.set(sha256, { bytes, truncated, conclusions });
      if (this.bySha256.size > this.capacity) this.bySha256.delete(this.bySha256.keys().next().value!);
    }
    return conclusions;
  }
}
