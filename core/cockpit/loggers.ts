/** Bee's logger verbosities, as `PUT /loggers/{exp}/{verbosity}` accepts them (bee-api.md §2.7). */
export const LOGGER_VERBOSITIES = ['none', 'error', 'warning', 'info', 'debug', 'all'] as const;
export type LoggerVerbosity = (typeof LOGGER_VERBOSITIES)[number];
