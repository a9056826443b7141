/** Functions to call when something happens; `add` gives back the function that removes the one added. */
export class Listeners<Args extends unknown[] = []> {
  private readonly all = new Set<(...args: Args) => void>();

  readonly add = (listener: (...args: Args) => void): (() => void) => {
    this.all.add(listener);
    return () => {
      this.all.delete(listener);
    };
  };

  notify(...args: Args): void {
    for (const listener of this.all) listener(...args);
  }
}
