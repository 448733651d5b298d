/** A fresh random nonce per request (docs/product.md §7): 32 hex characters from the platform's CSPRNG. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
