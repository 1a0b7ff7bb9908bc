/**
 * Runtime logger routes (bee-api.md §2.7), root-only as in Bee: `{exp}` is a padded base64url encoded
 * regular expression matched against each logger's subsystem string.
 */
import { beeJson, type RouteDef } from '../../http/router.js';
import { decodeBase64Url } from '../../chain/formats.js';
import { LoggerRegistry, VERBOSITIES, isVerbosity } from '../../chain/loggers.js';
import { beeOk, invalidParams } from './common.js';

function expression(raw: string | undefined): RegExp | undefined {
  const decoded = decodeBase64Url(raw ?? '');
  if (decoded === undefined) return undefined;
  try {
    return new RegExp(decoded);
  } catch {
    return undefined;
  }
}

export const loggerRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/loggers',
    rootOnly: true,
    handle: (_req, node) => {
      const loggers = node.chain.loggers.list();
      return beeJson(200, { tree: LoggerRegistry.tree(loggers), loggers });
    },
  },
  {
    method: 'GET',
    path: '/loggers/:exp',
    rootOnly: true,
    handle: (req, node) => {
      const exp = expression(req.params['exp']);
      if (!exp) return invalidParams('exp', 'want a base64url encoded regular expression');
      const loggers = node.chain.loggers.list(exp);
      return beeJson(200, { tree: LoggerRegistry.tree(loggers), loggers });
    },
  },
  {
    method: 'PUT',
    path: '/loggers/:exp/:verbosity',
    rootOnly: true,
    handle: (req, node) => {
      const exp = expression(req.params['exp']);
      if (!exp) return invalidParams('exp', 'want a base64url encoded regular expression');
      const verbosity = req.params['verbosity'] ?? '';
      if (!isVerbosity(verbosity)) return invalidParams('verbosity', `want one of ${VERBOSITIES.join(', ')}`);
      node.chain.loggers.set(exp, verbosity);
      return beeOk();
    },
  },
];
