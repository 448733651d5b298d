/**
 * The bench's load generator (scripts/load-driver.ts) draws its nonces from a pool of random
 * bytes. Every request must still carry a nonce of its own that the gateway accepts, also
 * across a refill of the pool, or the bench would measure refusals.
 */
import { signedHeaders } from '../../scripts/load-driver';

describe('the load driver signs each request as the portal does', () => {
  it('gives every request a fresh 32-hex nonce, across refills of its pool', () => {
    const nonces = Array.from({ length: 2_500 }, () => signedHeaders().nonce);
    for (const nonce of nonces) expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('sends the current time, the client headers and the bearer token', () => {
    const before = Date.now();
    const headers = signedHeaders('t0ken');
    expect(Number(headers.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Number(headers.timestamp)).toBeLessThanOrEqual(Date.now());
    expect(headers).toMatchObject({ clientType: 'H5', clientVersion: '2.2.1', Authorization: 'Bearer t0ken' });
    expect(signedHeaders()).not.toHaveProperty('Authorization');
  });
});
