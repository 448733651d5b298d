/** "6031 2847 5910": a write-off code in groups of four, as a provider reads or types it. */
export const groupDigits = (code: string) => code.match(/.{1,4}/g)?.join(' ') ?? code;
