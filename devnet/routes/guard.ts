/**
 * Turns the typed failures of the content layer into Bee answers, so handlers read as the happy path:
 * bad headers → 400, bad path params → 400, refused uploads → their status, a missing chunk → 404.
 */
import { HeaderError } from '../content/headers.js';
import { MissingChunkError } from '../content/joiner.js';
import { UploadRefused } from '../content/upload.js';
import { beeError, type DevnetRequest, type DevnetResponse, type RouteDef } from '../http/router.js';
import type { DevnetNode } from '../node.js';
import { ParamError } from './params.js';

type Handler = (req: DevnetRequest, node: DevnetNode) => Promise<DevnetResponse> | DevnetResponse;

export function guarded(handler: Handler, notFoundMessage = 'Not Found'): RouteDef['handle'] {
  return async (req, node) => {
    try {
      return await handler(req, node);
    } catch (error) {
      if (error instanceof HeaderError) return error.toResponse();
      if (error instanceof ParamError) return error.response;
      if (error instanceof UploadRefused) return error.response;
      if (error instanceof MissingChunkError) return beeError(404, notFoundMessage);
      throw error;
    }
  };
}
