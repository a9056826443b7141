interface Due {
  recordId: number;
  dueAt: number;
  sequence: number;
}

/** Attempts waiting for their time, earliest first; equal times keep the order they were queued in. */
export class DueQueue {
  private readonly items: Due[] = [];
  private sequence = 0;

  push(recordId: number, dueAt: number): void {
    const item = { recordId, dueAt, sequence: this.sequence++ };
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const other = this.items[mid]!;
      if (other.dueAt < dueAt || (other.dueAt === dueAt && other.sequence < item.sequence)) low = mid + 1;
      else high = mid;
    }
    this.items.splice(low, 0, item);
  }

  peek(): Due | undefined {
    return this.items[0];
  }

  shift(): Due | undefined {
    return this.items.shift();
  }

  clear(): void {
    this.items.length = 0;
  }
}
