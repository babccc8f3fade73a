/**
 * The `Secure` flag of the console's and the provider's session cookies, one rule for both: on when the
 * request came over HTTPS (directly, or through a proxy that TRUST_PROXY trusts to say so) or when the
 * console's public address (PUBLIC_URL) is https, so a proxy not configured as trusted cannot make it
 * plain. Over plain HTTP with an http PUBLIC_URL it is off, or the browser would drop the cookie.
 */
import type { FastifyRequest } from 'fastify';

export function secureCookie(publicUrl: string, request: FastifyRequest): boolean {
  return publicUrl.startsWith('https:') || request.protocol === 'https';
}
