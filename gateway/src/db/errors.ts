/** Thrown when the database cannot be opened; the message names the database and the cause. */
export class DbOpenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DbOpenError';
  }
}
