/*
 * A small seeded generator (mulberry32): the large demo account must come out
 * identical on every run, which Math.random cannot promise.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RangeError(`Bad integer range ${min}..${max}`);
    }
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Cannot pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** Splits `total` into `parts` positive integers, each at least `minimum`. */
  split(total: number, parts: number, minimum = 1): number[] {
    if (parts < 1 || total < parts * minimum) {
      throw new RangeError(`Cannot split ${total} into ${parts} parts of at least ${minimum}`);
    }
    const spare = total - parts * minimum;
    const cuts = Array.from({ length: parts - 1 }, () => this.int(0, spare)).sort((a, b) => a - b);
    const bounds = [0, ...cuts, spare];
    return Array.from(
      { length: parts },
      (_, i) => minimum + (bounds[i + 1] as number) - (bounds[i] as number),
    );
  }
}

/** The element at `index`, which the caller knows exists. */
export function at<T>(items: readonly T[], index: number): T {
  if (index < 0 || index >= items.length) {
    throw new RangeError(`Index ${index} is outside a list of ${items.length}`);
  }
  return items[index] as T;
}
