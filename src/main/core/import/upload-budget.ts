/** How much all uploads in progress may hold at once, and how many one user may have under way. */
export interface UploadBudgetOptions {
  /**
   * Bytes that all uploads in progress may hold at once: each upload's size (its Content-Length, counted from the
   * start) and what each archive has unpacked to the disk so far. Past it: 429 (413 when one upload alone is more).
   */
  totalBytes: number;
  /** Uploads one user may have in progress at once; one more is answered 429. */
  perUser: number;
  /** An archive may unpack to at most this many times the bytes of it read so far (past `ratioFloorBytes`): 413. */
  unpackRatio: number;
  /** What any archive may unpack to before the ratio applies (a small archive of many small files is mostly headers). */
  ratioFloorBytes: number;
}

export const defaultUploadBudget: UploadBudgetOptions = {
  totalBytes: 4 * 1024 ** 3,
  perUser: 2,
  unpackRatio: 200,
  ratioFloorBytes: 64 * 1024 ** 2,
};

/** An upload refused for what the uploads in progress hold (429, or 413 when it alone is too much). */
export class UploadRefused extends Error {
  constructor(
    readonly status: 413 | 429,
    message: string,
  ) {
    super(message);
  }
}

/** One upload's share of the budget: what it took, given back whole when it ends. */
export interface UploadTicket {
  /** Takes `bytes` more (an archive's unpacked bytes as they are written); throws UploadRefused past the budget. */
  take(bytes: number): void;
  /** Gives back all it took, and the user's place. */
  release(): void;
}

/**
 * One byte budget for all uploads in progress, and a number of uploads per user: what a server holds for uploads
 * (their sizes, and archives' unpacked files on its disk) is bounded however many come at once.
 */
export class UploadBudget {
  private used = 0;
  private readonly perUser = new Map<string, number>();

  constructor(readonly options: UploadBudgetOptions) {}

  /** Bytes held by the uploads in progress (for tests and the log). */
  get inUse(): number {
    return this.used;
  }

  /** Lets an upload of `bytes` in for `user`, or throws why not. */
  admit(user: string, label: string, bytes: number): UploadTicket {
    const { perUser } = this.options;
    const running = this.perUser.get(user) ?? 0;
    if (running >= perUser) {
      throw new UploadRefused(429, `${label}: you have ${running} uploads in progress, the most one user may have at once; send it when one has finished`);
    }
    this.reserve(bytes, label, bytes);
    this.perUser.set(user, running + 1);
    let held = bytes;
    let released = false;
    return {
      take: (more) => {
        if (released) return;
        this.reserve(more, label, held + more);
        held += more;
      },
      release: () => {
        if (released) return;
        released = true;
        this.used -= held;
        const left = (this.perUser.get(user) ?? 1) - 1;
        if (left === 0) this.perUser.delete(user);
        else this.perUser.set(user, left);
      },
    };
  }

  private reserve(bytes: number, label: string, ownTotal: number): void {
    const { totalBytes } = this.options;
    if (ownTotal > totalBytes) {
      throw new UploadRefused(413, `${label} would hold more than ${totalBytes} bytes (its size and what it unpacks to), more than all uploads together may hold on this server`);
    }
    if (this.used + bytes > totalBytes) {
      throw new UploadRefused(
        429,
        `${label}: the uploads in progress on this server hold ${this.used} of the ${totalBytes} bytes all uploads together may hold; send it when some have finished`,
      );
    }
    this.used += bytes;
  }
}
