import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the service's JSON answers (a long account's bills, the
 * payment history) with brotli or gzip, whichever the client prefers. The
 * portal's own files are already stored compressed (portal.ts). Request
 * bodies are never inflated: the 64 KiB body limit must hold for the bytes
 * the service parses, so a compressed body is refused as unsupported.
 */
export default fp(
  async function compression(app) {
    await app.register(compress, {
      global: true,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      globalDecompression: false,
      // Brotli's default quality (11) is for files built once; 4 is gzip's speed at a better ratio.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'compression' },
);
