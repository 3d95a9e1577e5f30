/** Runs tasks with the same key one after another, in this process; different keys run freely. */
export class KeyedLock {
  private readonly tails = new Map<string | number, Promise<void>>();

  async run<T>(key: string | number, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
