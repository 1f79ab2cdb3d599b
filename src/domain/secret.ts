/** A secret value (a token) that never shows when printed, logged or serialised. */
const MASK = '**********';

export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  /** The value itself, only where it is sent or compared. */
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return MASK;
  }
  toJSON(): string {
    return MASK;
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return MASK;
  }
}
