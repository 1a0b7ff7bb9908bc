/**
 * The real side effects of logSourceMachine, for `.provide()` at the composition root:
 *   createActor(logSourceMachine.provide({ actors: logSourceActors }), { input })
 */
import { createClassifyStdout } from './classify-stdout.js';
import { createFindListener } from './find-listener.js';
import { inspectLogFile } from './inspect-log-file.js';

export const logSourceActors = {
  inspectLogFile,
  findListener: createFindListener(),
  classifyStdout: createClassifyStdout(),
};

export { createClassifyStdout, createFindListener, inspectLogFile };
export type * from '../../machines/log-source.contracts.js';
