/**
 * What Lighthouse's simulation (Lantern) charges a document fetched over the network before its
 * first byte, at Lighthouse's default mobile throttling: a DNS lookup, a new connection (and a TLS
 * handshake for https), then the request. A revalidated index.html pays it on every visit,
 * however small it is and however fast the 304 comes back (decision 0041).
 */
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { Simulation, type Types } from 'lighthouse/core/lib/lantern/lantern.js';

export interface DocumentFirstByte {
  /** The round trip Lighthouse simulates. */
  rtt: number;
  dns: number;
  /** SYN, SYN-ACK, then ACK with the request (and TLS for https). */
  connection: number;
  /** The first byte of the answer on its way back. */
  answer: number;
  total: number;
}

/** Lantern's time to a network document's first byte, with a server that answers at once. */
export function simulatedDocumentFirstByte(url: string): DocumentFirstByte {
  const { rttMs, throughputKbps } = defaultSettings.throttling;
  const { host, protocol } = new URL(url);
  // The simulator reads only the host of the request it resolves.
  const request = { parsedURL: { host } } as unknown as Types.NetworkRequest;
  const dns = new Simulation.DNSCache({ rtt: rttMs }).getTimeUntilResolution(request);
  const https = protocol === 'https:';
  const connection = new Simulation.TCPConnection(rttMs, throughputKbps * 1024, 0, https, false);
  const { connectionTiming } = connection.simulateDownloadUntil(1, { dnsResolutionTime: dns });
  // A new connection always reports both.
  const total = connectionTiming.timeToFirstByte ?? NaN;
  const connect = connectionTiming.connectionTime ?? NaN;
  return { rtt: rttMs, dns, connection: connect, answer: total - dns - connect, total };
}
